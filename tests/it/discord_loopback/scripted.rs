//! The adapter alone over a scripted app: files, buttons, mentions, deferral and refused DMs in
//! answers, and the outbox sending messages outside interactions.

use super::*;

/// A stand-in for the app that answers with board-like replies and records what it is told.
#[derive(Default)]
struct Scripted {
    told: Mutex<Vec<Told>>,
    started: AtomicBool,
}

impl Scripted {
    fn told(&self) -> Vec<Told> {
        self.told.lock().unwrap().clone()
    }
}

const OTHER_CHANNEL: u64 = 1_300_000_000_000_000_009;
const OLD_BOARD: u64 = 1_500_000_000_000_000_009;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\nnot really a picture";

fn other_channel() -> AppPlace {
    AppPlace::Channel {
        guild: GUILD_ID,
        channel: OTHER_CHANNEL,
    }
}

const GUILD_ID: u64 = 1_300_000_000_000_000_001;

impl Conversation for Scripted {
    fn handle(
        &self,
        user: &User,
        _place: &AppPlace,
        command: Command,
    ) -> Result<Response, AppError> {
        Ok(match command {
            Command::Board { game } => {
                let game = game.unwrap_or(GameId(1));
                let mut board = Reply::public(format!("<@{}> to move.", user.id));
                board.attachments = vec![Attachment {
                    filename: "board.png".into(),
                    bytes: PNG.to_vec(),
                }];
                board.buttons = vec![vec![
                    Button {
                        id: format!("bao:m:{game}:0:A6 left"),
                        label: "A6 ←".into(),
                        style: ButtonStyle::Primary,
                    },
                    Button {
                        id: format!("bao:moves:{game}:0"),
                        label: "All moves".into(),
                        style: ButtonStyle::Danger,
                    },
                ]];
                board.mention = Some(user.id);
                board.board = Some(BoardView {
                    current: Some((game, 0)),
                    ..BoardView::default()
                });
                // Game 1's board tells Baraka by DM (which he refuses); game 2's tells no one,
                // so exactly one DM is refused.
                let notices = (game == GameId(1))
                    .then(|| Notice {
                        to: Destination::Dm(UserId(baraka().id)),
                        user: UserId(baraka().id),
                        game,
                        reply: Reply::public("Your turn in game 1."),
                    })
                    .into_iter()
                    .collect();
                Response {
                    reply: board,
                    notices,
                }
            }
            // Known to be slow (see `may_be_slow`): deferred before the app runs.
            Command::Ai { .. } => Reply::public("The AI played A5 left.").into(),
            // Deferred, then private after all.
            Command::Resign => Reply::private("There is no game here.").into(),
            Command::History { .. } => {
                // Unexpectedly slow: the adapter defers after DEFER_AFTER.
                std::thread::sleep(Duration::from_millis(1700));
                Reply::public("1. A5 left").into()
            }
            Command::Games => {
                // A notice in another channel that strips an old board there.
                let mut notice = Reply::public(format!("<@{}>, your turn.", baraka().id));
                notice.mention = Some(UserId(baraka().id));
                notice.remove_buttons_of(Some((other_channel(), OLD_BOARD)));
                Response {
                    reply: Reply::private("Notified."),
                    notices: vec![Notice {
                        to: Destination::Place(other_channel()),
                        user: UserId(baraka().id),
                        game: GameId(1),
                        reply: notice,
                    }],
                }
            }
            Command::Moves => {
                // Takes a while: a stop requested meanwhile waits for it.
                self.started.store(true, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(1200));
                Reply::public("A5 left, A5 right").into()
            }
            // A tournament's announcement, with its sign-up buttons.
            Command::Help => {
                let mut r = Reply::public("Tournament 7 · Spring Open: press Join.");
                r.buttons = vec![vec![Button {
                    id: "bao:tjoin:7:0".into(),
                    label: "Join".into(),
                    style: ButtonStyle::Success,
                }]];
                r.with(Effect::AnnouncesEvent(7)).into()
            }
            // Nothing to say: the adapter still answers (deferred or not).
            Command::Abort | Command::Claim => Reply::default().into(),
            _ => Reply::private("?").into(),
        })
    }

    fn press(&self, _user: &User, _place: &AppPlace, id: &str) -> Result<Response, AppError> {
        Ok(Reply::private(format!("The board of `{id}` is out of date.")).into())
    }

    fn may_be_slow(&self, _place: &AppPlace, command: Option<&Command>) -> bool {
        matches!(
            command,
            Some(Command::Ai { .. } | Command::Resign | Command::Abort)
        )
    }

    fn suggest_moves(
        &self,
        _user: &User,
        _place: &AppPlace,
        _game: Option<GameId>,
        typed: &str,
    ) -> Result<Vec<String>, AppError> {
        // More than Discord shows: the adapter must cut the list to 25.
        Ok((1..=40).map(|n| format!("{typed}{n} left")).collect())
    }

    fn board_posted(
        &self,
        game: GameId,
        ply: u32,
        place: &AppPlace,
        message: u64,
    ) -> Result<bool, AppError> {
        self.told
            .lock()
            .unwrap()
            .push(Told::Posted(game, ply, *place, message));
        // Game 1's boards are recorded; any other game's are not (a stale board).
        Ok(game == GameId(1))
    }

    fn dm_failed(&self, user: UserId) -> Result<(), AppError> {
        self.told.lock().unwrap().push(Told::DmRefused(user.0));
        Ok(())
    }

    fn event_posted(&self, event: i64, place: &AppPlace, message: u64) -> Result<(), AppError> {
        self.told
            .lock()
            .unwrap()
            .push(Told::EventPosted(event, *place, message));
        Ok(())
    }
}

/// Whether a request carries no buttons.
fn has_no_buttons(r: &Recorded) -> bool {
    custom_ids(r.body()).is_empty()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sends_files_buttons_mentions_defers_and_reports_refused_dms() {
    let fake = FakeDiscord::start().await;
    fake.block_dms_to(baraka().id);
    let app = Arc::new(Scripted::default());
    let bot = start_bot(&fake, app.clone()).await;

    // A board: multipart with the PNG and one allowed mention, but no buttons yet.
    fake.send_interaction(payloads::slash(21, &asha(), GUILD, "board", &[]));
    let answer = callback(&fake, 21).await;
    assert_eq!(answer.files.len(), 1);
    assert_eq!(answer.files[0].filename, "board.png");
    assert_eq!(answer.files[0].bytes, PNG);
    let data = &answer.body()["data"];
    assert_eq!(data["attachments"][0]["filename"], "board.png");
    assert_eq!(
        data["allowed_mentions"]["users"],
        json!([asha().id.to_string()])
    );
    assert_eq!(data["allowed_mentions"]["parse"], json!([]));
    assert!(custom_ids(data).is_empty(), "{data}");
    // The app is told the board's message id (fetched, since an interaction response carries
    // none) and where it is; once it has recorded it, the buttons are added to the message.
    let board_id = fake
        .original_message_of(&payloads::token_for(21))
        .expect("answered");
    let guild = AppPlace::Channel {
        guild: GUILD_ID,
        channel: GUILD.channel_id(),
    };
    let posted = Told::Posted(GameId(1), 0, guild, board_id);
    let told = fake
        .wait_until(WAIT, || app.told().contains(&posted).then_some(()))
        .await;
    assert!(told.is_some(), "{:?}", app.told());
    let token = payloads::token_for(21);
    let buttons = fake
        .wait_for(
            |r| {
                r.is("PATCH", "/api/v10/webhooks/*/*/messages/@original")
                    && r.uses_token(&token)
                    && !custom_ids(r.body()).is_empty()
            },
            WAIT,
        )
        .await;
    assert!(buttons.files.is_empty() && buttons.content().is_none());
    let row = &buttons.body()["components"][0]["components"];
    assert_eq!(row[0]["custom_id"], "bao:m:1:0:A6 left");
    assert_eq!(row[0]["label"], "A6 ←");
    assert_eq!(row[1]["style"], 4);
    // The app was asked again after the buttons went on (the game had not moved).
    let asked = fake
        .wait_until(WAIT, || {
            (app.told().iter().filter(|t| **t == posted).count() == 2).then_some(())
        })
        .await;
    assert!(asked.is_some(), "{:?}", app.told());
    // A board the app does not record (out of date) never gets its buttons.
    let mark = fake.mark();
    let opts = [Opt::Str("game", "2".into())];
    fake.send_interaction(payloads::slash(20, &asha(), GUILD, "board", &opts));
    assert!(has_no_buttons(&callback(&fake, 20).await));
    let stale = fake
        .wait_until(WAIT, || {
            app.told()
                .iter()
                .any(|t| matches!(t, Told::Posted(GameId(2), ..)))
                .then_some(())
        })
        .await;
    assert!(stale.is_some(), "{:?}", app.told());
    let token = payloads::token_for(20);
    let requests = fake.requests();
    assert!(
        requests[mark..]
            .iter()
            .filter(|r| r.uses_token(&token))
            .all(has_no_buttons),
        "{}",
        fake.describe_requests()
    );
    // The DM to a user who refuses them: 403 / 50007, reported to the app, not retried.
    fake.wait_for(|r| r.is("POST", "/api/v10/users/@me/channels"), WAIT)
        .await;
    let refused = fake.wait_for(|r| r.status == 403, WAIT).await;
    assert!(refused.is("POST", "/api/v10/channels/*/messages"));
    let reported = fake
        .wait_until(WAIT, || {
            app.told()
                .contains(&Told::DmRefused(baraka().id))
                .then_some(())
        })
        .await;
    assert!(reported.is_some(), "refused DM not reported");
    assert_eq!(
        fake.requests().iter().filter(|r| r.status == 403).count(),
        1,
        "a refused DM must not be retried: {}",
        fake.describe_requests()
    );

    // A tournament's announcement goes out with its buttons, and the app is told its message
    // id (fetched), so that the buttons can come off when sign-up is over.
    fake.send_interaction(payloads::slash(41, &asha(), GUILD, "help", &[]));
    let announced = callback(&fake, 41).await;
    assert_eq!(custom_ids(&announced.body()["data"]), vec!["bao:tjoin:7:0"]);
    let message = fake
        .original_message_of(&payloads::token_for(41))
        .expect("answered");
    let posted = Told::EventPosted(7, guild, message);
    let told = fake
        .wait_until(WAIT, || app.told().contains(&posted).then_some(()))
        .await;
    assert!(told.is_some(), "{:?}", app.told());

    // Slow answers: deferred (type 5) first, then the "thinking" message is edited; whether
    // the app asked for it (ai) or was just slow (history).
    for (id, sub, text) in [
        (22, "ai", "The AI played A5 left."),
        (24, "history", "1. A5 left"),
    ] {
        fake.send_interaction(payloads::slash(id, &asha(), GUILD, sub, &[]));
        let defer = callback(&fake, id).await;
        assert_eq!(defer.body()["type"], 5, "{}", defer.body());
        let token = payloads::token_for(id);
        let edit = fake
            .wait_for(
                |r| {
                    r.is("PATCH", "/api/v10/webhooks/*/*/messages/@original")
                        && r.uses_token(&token)
                },
                WAIT,
            )
            .await;
        assert_eq!(edit.content(), Some(text));
    }
    // Deferred publicly but the answer is private: a private followup replaces "thinking".
    fake.send_interaction(payloads::slash(25, &asha(), GUILD, "resign", &[]));
    assert_eq!(callback(&fake, 25).await.body()["type"], 5);
    let token = payloads::token_for(25);
    let private = fake
        .wait_for(
            |r| r.is("POST", "/api/v10/webhooks/*/*") && r.uses_token(&token),
            WAIT,
        )
        .await;
    assert!(private.is_ephemeral(), "{}", private.body());
    fake.wait_for(
        |r| r.is("DELETE", "/api/v10/webhooks/*/*/messages/@original") && r.uses_token(&token),
        WAIT,
    )
    .await;

    // A button: its id reaches the app as it was sent; the answer is private.
    let id = "bao:m:1:0:A6 left";
    let msg = payloads::message(
        1_500_000_000_000_000_002,
        GUILD.channel_id(),
        &payloads::bot_user(),
        "board",
        json!([payloads::button_row(&[(id, "A6 ←")])]),
    );
    fake.send_interaction(payloads::button(23, &asha(), GUILD, id, msg));
    let answer = callback(&fake, 23).await;
    assert_eq!(answer.body()["type"], 4, "{}", answer.body());
    assert!(answer.is_ephemeral(), "{}", answer.body());
    assert!(answer.content().unwrap().contains(id));

    // No reply at all: still answered, privately, or by finishing the "thinking" message.
    fake.send_interaction(payloads::slash(29, &asha(), GUILD, "claim", &[]));
    let answer = callback(&fake, 29).await;
    assert!(answer.is_ephemeral() && answer.content() == Some("Done."));
    fake.send_interaction(payloads::slash(30, &asha(), GUILD, "abort", &[]));
    assert_eq!(callback(&fake, 30).await.body()["type"], 5);
    let token = payloads::token_for(30);
    fake.wait_for(
        |r| r.is("PATCH", "/api/v10/webhooks/*/*/messages/@original") && r.uses_token(&token),
        WAIT,
    )
    .await;

    // Other targets: a new message in another channel (pinging only the named user) and an
    // edit of an old message.
    fake.send_interaction(payloads::slash(26, &asha(), GUILD, "games", &[]));
    assert!(callback(&fake, 26).await.is_ephemeral());
    let notice = fake
        .wait_for(
            |r| {
                r.is(
                    "POST",
                    &format!("/api/v10/channels/{OTHER_CHANNEL}/messages"),
                )
            },
            WAIT,
        )
        .await;
    assert_eq!(
        notice.body()["allowed_mentions"]["users"],
        json!([baraka().id.to_string()])
    );
    let edit = fake
        .wait_for(
            |r| {
                r.is(
                    "PATCH",
                    &format!("/api/v10/channels/{OTHER_CHANNEL}/messages/{OLD_BOARD}"),
                )
            },
            WAIT,
        )
        .await;
    assert_eq!(edit.body()["components"], json!([]));

    // Autocomplete: at most 25 suggestions, or Discord shows none.
    let typed = [Opt::Str("move", "b".into())];
    fake.send_interaction(payloads::autocomplete(
        27,
        &asha(),
        GUILD,
        "move",
        &typed,
        "move",
    ));
    let choices = callback(&fake, 27).await.body()["data"]["choices"].clone();
    assert_eq!(choices.as_array().map(Vec::len), Some(25), "{choices}");

    // A stop while an interaction is in hand waits for its answer.
    fake.send_interaction(payloads::slash(28, &asha(), GUILD, "moves", &[]));
    let started = fake
        .wait_until(WAIT, || app.started.load(Ordering::SeqCst).then_some(()))
        .await;
    assert!(started.is_some());
    bot.stop().await.expect("the bot failed");
    let answer = fake
        .requests()
        .into_iter()
        .find(|r| r.is_callback_for(28))
        .expect("the interaction in hand was not answered before the stop finished");
    assert_eq!(answer.content(), Some("A5 left, A5 right"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outbox_sends_messages_outside_interactions() {
    let fake = FakeDiscord::start().await;
    fake.block_dms_to(baraka().id);
    let app = Arc::new(Scripted::default());
    let (outbox, outbox_rx) = Outbox::new();
    let config = bot::config(&fake);
    let (stop, stopped) = oneshot::channel::<()>();
    let bot = Bot {
        task: tokio::spawn(discord::run_with_outbox(
            config,
            app.clone(),
            Some(outbox_rx),
            async {
                let _ = stopped.await;
            },
        )),
        stop,
    };
    fake.wait_for_ready(WAIT).await;

    let mut board = Reply::public(format!("<@{}>, your turn in game 1.", asha().id));
    board.mention = Some(UserId(asha().id));
    board.board = Some(BoardView {
        current: Some((GameId(1), 3)),
        ..BoardView::default()
    });
    board.buttons = vec![vec![Button {
        id: "bao:moves:1:3".into(),
        label: "All moves".into(),
        style: ButtonStyle::Secondary,
    }]];
    let notice = Notice {
        to: Destination::Place(other_channel()),
        user: UserId(asha().id),
        game: GameId(1),
        reply: board,
    };
    let reminder = Notice {
        to: Destination::Dm(UserId(baraka().id)),
        user: UserId(baraka().id),
        game: GameId(1),
        reply: Reply::public("Half your time is gone in game 1."),
    };
    assert!(outbox.send(notice.clone()));
    assert!(outbox.send(reminder));

    let sent = fake
        .wait_for(
            |r| {
                r.is(
                    "POST",
                    &format!("/api/v10/channels/{OTHER_CHANNEL}/messages"),
                )
            },
            WAIT,
        )
        .await;
    assert_eq!(
        sent.body()["allowed_mentions"]["users"],
        json!([asha().id.to_string()])
    );
    assert!(custom_ids(sent.body()).is_empty(), "{}", sent.body());
    let reported = fake
        .wait_until(WAIT, || {
            let told = app.told();
            let posted = told.iter().any(
                |t| matches!(t, Told::Posted(GameId(1), 3, place, _) if *place == other_channel()),
            );
            let refused = told.contains(&Told::DmRefused(baraka().id));
            (posted && refused).then_some(())
        })
        .await;
    assert!(reported.is_some(), "{:?}", app.told());
    // The recorded board gets its buttons by an edit of the message.
    let edit = fake
        .wait_for(
            |r| {
                r.is(
                    "PATCH",
                    &format!("/api/v10/channels/{OTHER_CHANNEL}/messages/*"),
                ) && !custom_ids(r.body()).is_empty()
            },
            WAIT,
        )
        .await;
    assert_eq!(custom_ids(edit.body()), ["bao:moves:1:3"]);
    bot.stop().await.expect("the bot failed");
    assert!(!outbox.send(notice), "the outbox outlived the bot");
}
