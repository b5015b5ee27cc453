# /bao-learn: what the bot says to an answer (src/lessons/check.rs) and the lesson replies
# (src/app/commands/learn.rs).

## Feedback to a move that misses a task: how it ended, then what it missed.

learn-quiet-move = quiet move
learn-after-captures = { $n ->
    [0] without a capture
    [1] after 1 capture
   *[other] after { $n } captures
}
learn-move-won = Your move won the game: { $reason }.
learn-move-emptied-own-row = Your move emptied your own front row, so you lost.
learn-move-lost = Your move lost the game: { $reason }.
learn-ended-empty = Your last seed fell in { $pit }, which was empty, so the move ended { $after }.
learn-ended-house = Your last seed fell in your nyumba { $pit }, which holds 6 or more, so the takata stopped there.
learn-ended-house-stop = You chose to stop in your nyumba { $pit } (NYUMBA STOP) { $after }.
learn-ended-takasia = Your last seed fell in { $pit }, the takasia pit, so the move ended there { $after }.
learn-ended = Your move ended { $after }.
# $quiet: learn-quiet-move or word-takata.
learn-miss-quiet-never-captures = It was a { $quiet }, and a { $quiet } never captures: a capture needs the first sowing to end in an occupied front pit facing an occupied pit.
learn-miss-captures-at-least = That is { $n ->
    [1] 1 capture
   *[other] { $n } captures
}; this task needs at least { $k }.
learn-miss-no-capture-wanted = This task wants a move without a capture.
learn-miss-captures-exactly = That is { $n ->
    [1] 1 capture
   *[other] { $n } captures
}; this task wants exactly { $k }.
# $times: word-times.
learn-miss-relays = { $relays ->
    [0] It made no relay sowing
   *[other] It relayed { $times }
}; this task needs at least { $k ->
    [1] 1 relay
   *[other] { $k } relays
}.
learn-miss-ends-in = This task wants the move to end in { $pit }.
learn-miss-game-goes-on-such-as = The game goes on: { $side } still has seeds in the front row and a move, such as { $reply }.
learn-miss-game-goes-on = The game goes on.
learn-miss-kind = That was a { $played }, not a { $wanted }.
learn-miss-from = It started from { $played }; this task wants a move from { $pit }.
learn-miss-direction = You played it { $played }; this task wants { $wanted }.
learn-miss-house = You chose NYUMBA { $chosen }; this task wants NYUMBA { $wanted }.
learn-miss-no-house = Your move gave no nyumba choice; this task wants NYUMBA { $wanted }.
learn-miss-took-nothing = It did not capture { $pit }.
learn-miss-took-other = It captured { $taken }, not { $pit }.
learn-miss-entered = The captured seeds entered at { $kichwa }, not { $pit }.
learn-miss-entered-none = It made no capture, so no seeds entered at { $pit }.
learn-miss-takasia = It set the takasia on { $set }, not { $pit }.
learn-miss-takasia-none = It set no takasia; this task wants one on { $pit }.
learn-miss-emptied-own-row = In Bao la Kujifunza a move that leaves your own front row empty loses at once: keep a seed there.
learn-miss-never-ends = It needed a 513th sowing run after its first, and a move that never ends loses for its mover.
learn-miss-loses = This task wants a move that does not lose.

## The lesson replies.

learn-not-your-lesson = These buttons belong to someone else's lesson. Start your own with `/bao-learn`.
learn-old-task = That task is over. `/bao-learn` shows the task you are on.
learn-no-such-lesson = There are { $count } lessons: `/bao-learn lesson:1` to `lesson:{ $count }`.
learn-welcome-back = Welcome back.
# $problem: why the move does not read (rules.ftl); $legal: the legal moves, as written.
learn-unreadable-move = { $problem }. Legal moves now: { $legal }.
learn-the-task = The task: { $goal }
learn-try-again = Try again: { $goal }
learn-hint = Hint: start from { $pit } (ringed on the board).
# $trace: what the move did (rules.ftl, trace-*).
learn-right = Right! You: { $trace }
learn-your-answer = Your answer
button-next = Next
button-show-me = Show me
learn-lesson-done = Lesson { $lesson } done: { $stars } ({ $misses ->
    [0] no miss
    [1] one miss
   *[other] { $misses } misses
}).
learn-part-1-done = That is the end of part 1, Bao la Kujifunza. Play a whole game of it against the AI with `/bao ai beginner kujifunza`, or press Next for part 2, Bao la Kiswahili.
learn-course-done = You have finished the course! Play Bao la Kiswahili against the AI with `/bao ai beginner`, or challenge someone with `/bao challenge @someone`.
learn-demo-caption = Lesson { $lesson }: { $title }
learn-lesson-head = **Lesson { $lesson } of { $count }: { $title }** ({ $game })
learn-one-answer = One answer is { $mv }: { $trace } Now play it yourself, or any other move that does it.
learn-show-me-caption = Show me: { $mv }
learn-task-caption = Task { $task } of { $count }: { $goal }
learn-task-head = **Task { $task } of { $count }** (lesson { $lesson }): { $goal }
learn-none-yet = none yet
learn-progress = Lessons: { $done } of { $count } done, { $stars } of { $max } stars (Kujifunza: { $kujifunza }; Kiswahili: { $kiswahili }).
