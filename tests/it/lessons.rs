//! The course of `/bao learn`, checked against the engine: every position is valid, every
//! example meets its check, every wrong move is legal and misses it with the feedback the
//! export (and the bot) gives, every demonstration and scripted reply plays.

use bao_bot::i18n::Lang;
use bao_bot::lessons::{course, export_lines, play, Outcome};

#[test]
fn every_task_is_true_to_the_engine() {
    let lessons = course();
    assert!(
        (15..=20).contains(&lessons.len()),
        "{} lessons",
        lessons.len()
    );
    for (i, lesson) in lessons.iter().enumerate() {
        let n = i + 1;
        assert!((2..=5).contains(&lesson.tasks.len()), "lesson {n}");
        let (demo, _, _) = lesson
            .demo()
            .unwrap_or_else(|e| panic!("lesson {n} demo: {e}"));
        assert_eq!(demo.variant(), lesson.variant, "lesson {n} demo");
        for (j, task) in lesson.tasks.iter().enumerate() {
            let at = format!("lesson {n} task {}", j + 1);
            let pos = task.start().unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(pos.variant(), lesson.variant, "{at}");
            assert_eq!(pos.turn(), bao_bot::rules::Side::South, "{at}");
            assert!(!pos.legal_moves().is_empty(), "{at}: no move");
            let check = task.parsed_check().unwrap_or_else(|e| panic!("{at}: {e}"));
            let example = task
                .judge(task.example)
                .unwrap()
                .unwrap_or_else(|e| panic!("{at}: example: {e}"));
            assert_eq!(example.feedback, None, "{at}: the example misses");
            // Every legal move is judged the same way as by the check itself.
            let mut misses = 0;
            for mv in pos.legal_moves() {
                let (after, trace) = pos.play(&mv).unwrap();
                let outcome = Outcome {
                    before: &pos,
                    after: &after,
                    trace: &trace,
                };
                let feedback = check.feedback(&outcome);
                assert_eq!(feedback.is_none(), check.meets(&outcome), "{at}: {mv}");
                misses += usize::from(feedback.is_some());
            }
            match task.wrong {
                Some(w) => {
                    let wrong = task
                        .judge(w)
                        .unwrap()
                        .unwrap_or_else(|e| panic!("{at}: wrong: {e}"));
                    assert!(
                        wrong.feedback.is_some(),
                        "{at}: the wrong move meets the check"
                    );
                }
                None => assert_eq!(misses, 0, "{at}: a wrong move exists; name one"),
            }
            if let Some(reply) = task.reply {
                play(&example.after, reply).unwrap_or_else(|e| panic!("{at}: reply: {e}"));
            }
        }
    }
}

#[test]
fn the_export_has_one_line_a_task_with_the_feedback() {
    let lines = export_lines(Lang::En).unwrap();
    let tasks: usize = course().iter().map(|l| l.tasks.len()).sum();
    assert_eq!(lines.len(), tasks);
    for line in &lines {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        for key in [
            "lesson", "title", "task", "variant", "rules", "position", "goal", "check", "example",
            "wrong", "feedback",
        ] {
            assert!(v.get(key).is_some(), "{key} missing in {line}");
        }
        assert_eq!(v["wrong"].is_null(), v["feedback"].is_null(), "{line}");
    }
    let first: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(first["feedback"], "Your last seed fell in A8, which was empty, so the move ended without a capture. It started from A6; this task wants a move from A3.");
}

/// A scripted reply makes the lesson a short game: the next task of the lesson starts where
/// every right answer and North's reply leave the board.
#[test]
fn a_scripted_reply_leads_into_the_next_task() {
    let mut chains = [0, 0];
    for (i, lesson) in course().iter().enumerate() {
        for (j, pair) in lesson.tasks.windows(2).enumerate() {
            let (task, next) = (pair[0], pair[1]);
            let Some(reply) = task.reply else { continue };
            let at = format!("lesson {} task {}", i + 1, j + 1);
            let pos = task.start().unwrap();
            let check = task.parsed_check().unwrap();
            let want = next.start().unwrap().to_string();
            let mut right = 0;
            for mv in pos.legal_moves() {
                let (after, trace) = pos.play(&mv).unwrap();
                let outcome = Outcome {
                    before: &pos,
                    after: &after,
                    trace: &trace,
                };
                if !check.meets(&outcome) {
                    continue;
                }
                right += 1;
                let (_, then, _) = play(&after, reply).unwrap_or_else(|e| panic!("{at}: {e}"));
                assert_eq!(then.to_string(), want, "{at}: after {mv} and {reply}");
            }
            assert!(right > 0, "{at}");
            chains[usize::from(lesson.variant == bao_bot::rules::Variant::Kiswahili)] += 1;
        }
    }
    assert!(
        chains.iter().all(|&n| n >= 1),
        "replies per part: {chains:?}"
    );
}

/// The feedback of the words that judge a losing move.
#[test]
fn a_losing_move_is_told_why_it_loses() {
    let feedback = |lesson: usize, task: usize| {
        let t = course()[lesson - 1].tasks[task - 1];
        t.judge(t.wrong.unwrap())
            .unwrap()
            .unwrap()
            .feedback
            .unwrap()
    };
    let own_row = course()
        .iter()
        .position(|l| l.tasks.iter().any(|t| t.check.starts_with("not_loses")))
        .unwrap();
    let task = course()[own_row]
        .tasks
        .iter()
        .position(|t| t.check.starts_with("not_loses"))
        .unwrap();
    assert_eq!(
        feedback(own_row + 1, task + 1),
        "Your move emptied your own front row, so you lost. In Bao la Kujifunza a move that leaves your own front row empty loses at once: keep a seed there."
    );
    let never = course()
        .iter()
        .enumerate()
        .flat_map(|(i, l)| l.tasks.iter().enumerate().map(move |(j, t)| (i, j, t)))
        .find(|(_, _, t)| t.check == "from=A4&not_loses")
        .unwrap();
    assert_eq!(
        feedback(never.0 + 1, never.1 + 1),
        "Your move lost the game: never-ending move. It needed a 513th sowing run after its first, and a move that never ends loses for its mover."
    );
}

/// The catalogue's English of the course is the course's own text, word for word, and
/// every text has its Swahili.
#[test]
fn the_course_texts_are_in_the_catalogue_in_every_language() {
    use bao_bot::i18n::lookup;
    use bao_bot::lessons::{goal_msg, intro_msg, title_msg};
    for (i, lesson) in course().iter().enumerate() {
        let n = i + 1;
        let mut texts = vec![(title_msg(n), lesson.title), (intro_msg(n), lesson.intro)];
        for (j, task) in lesson.tasks.iter().enumerate() {
            texts.push((goal_msg(n, j + 1), task.goal));
        }
        for (msg, english) in texts {
            assert_eq!(
                lookup(&msg, Lang::En).as_deref(),
                Some(english),
                "{}",
                msg.id()
            );
            let sw = lookup(&msg, Lang::Sw).unwrap_or_else(|| panic!("{} in sw", msg.id()));
            // A title that is the game's own word (Takasia) reads the same.
            if english.contains(' ') {
                assert_ne!(sw, english, "{} is not translated", msg.id());
            }
        }
    }
    // No lesson beyond the course has texts (the ids follow the course).
    let after = course().len() + 1;
    assert!(lookup(&title_msg(after), Lang::En).is_none());
}

/// Every lesson played through in Swahili: the export in Swahili has every title, goal and
/// wrong move's feedback said in Swahili, with no English sentence left in it.
#[test]
fn every_lesson_is_played_through_in_swahili() {
    let en = export_lines(Lang::En).unwrap();
    let sw = export_lines(Lang::Sw).unwrap();
    assert_eq!(en.len(), sw.len());
    let english_words = [
        "Your ", " the ", "task", "sowed", "relayed", "It ", "That ", " move",
    ];
    for (e, s) in en.iter().zip(&sw) {
        let e: serde_json::Value = serde_json::from_str(e).unwrap();
        let s: serde_json::Value = serde_json::from_str(s).unwrap();
        for key in [
            "lesson", "task", "variant", "rules", "position", "check", "example", "wrong",
        ] {
            assert_eq!(e[key], s[key], "{key}");
        }
        for key in ["title", "goal", "feedback"] {
            if e[key].is_null() {
                assert!(s[key].is_null());
                continue;
            }
            let text = s[key].as_str().unwrap();
            if key != "title" {
                assert_ne!(e[key], s[key], "{key} untranslated: {text}");
            }
            assert!(!text.contains('{'), "{text}");
            for w in english_words {
                assert!(!text.contains(w), "`{w}` in the Swahili {key}: {text}");
            }
        }
    }
}
