//! The plan of one answer: what the app's reply and notices become on Discord
//! ([`outgoing::plan`]), fitted once to what the place allows ([`Reach`]). The one sender,
//! `sender.rs`, carries a plan out; nothing else decides where a message goes.
//!
//! The path of every reply: `respond.rs` (the app's answer, or the adapter's own private
//! answer) -> [`Plan`] (here: the steps, fitted to the place) -> `sender.rs` (each step as a
//! request, through the interaction of `source.rs` or directly, each retried by
//! `retry.rs`), with the Discord builders of `messages.rs`.

use super::outgoing::{self, Asker, Earlier, Outgoing, Target};
use super::reach::{Reach, FOLLOWUPS_MAX};
use crate::app::{Notice, Place, Reply, Response};

/// What the place of a plan allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allows {
    /// An answer to an interaction where the bot itself is (a server that added it, its
    /// own DMs): the interaction's answer, channel posts, edits, threads and DMs.
    Everything,
    /// An answer to an interaction where only a person's install of the app is: the
    /// interaction's response and at most [`FOLLOWUPS_MAX`] follow-ups while its token
    /// lives, and DMs to players the bot can reach.
    AnswersOnly,
    /// The bot's own messages, outside any interaction (turn notices, reminders, results):
    /// channel posts and DMs.
    Unprompted,
}

/// Every step of one answer, in order, and what the place allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The steps, the caller's answer first.
    pub steps: Vec<Outgoing>,
    /// What the place allows (the steps are already fitted to it).
    pub allows: Allows,
    /// The interaction's place in the app's terms, when it is an answer to the app.
    pub place: Option<Place>,
}

impl Plan {
    /// The plan of the app's `response` to `asker`, fitted to `reach`.
    pub fn answer(response: &Response, asker: &Asker, reach: Reach) -> Plan {
        Plan {
            place: Some(asker.place),
            ..Plan::fitted(outgoing::plan(response, asker), reach, asker.channel)
        }
    }

    /// One answer to the interaction's caller (a refusal, a private note), nothing else.
    pub fn caller(reply: Reply, reach: Reach) -> Plan {
        Plan {
            steps: vec![Outgoing::Post {
                target: Target::Caller,
                reply: Box::new(reply),
                board_at: None,
                event_at: None,
            }],
            allows: allows(reach),
            place: None,
        }
    }

    /// The steps of the app's own notices (no interaction).
    pub fn notices(notices: &[Notice]) -> Plan {
        Plan {
            steps: outgoing::notices(notices),
            allows: Allows::Unprompted,
            place: None,
        }
    }

    /// `steps` fitted to what `reach` allows in `channel` (the interaction's channel).
    fn fitted(steps: Vec<Outgoing>, reach: Reach, channel: u64) -> Plan {
        Plan {
            steps: fit(steps, reach, channel),
            allows: allows(reach),
            place: None,
        }
    }

    /// Adds `reply` as a further answer to the caller, after the rest of the answer (a board
    /// that catches up, a private note): planned as the app's answer is. `on_pressed`: it
    /// updates the message whose button was pressed instead (an old board of its game),
    /// as the interaction's response.
    pub fn then_answer(&mut self, reply: &Reply, asker: &Asker, on_pressed: bool) {
        let mut more = outgoing::plan(&reply.clone().into(), asker);
        if on_pressed {
            for step in &mut more {
                if let Outgoing::Post { target, .. } = step {
                    if *target == Target::Caller {
                        *target = Target::Pressed;
                    }
                }
            }
        }
        let later = self
            .steps
            .iter()
            .position(|o| {
                matches!(
                    o,
                    Outgoing::RemoveButtons(Earlier::Pressed) | Outgoing::OpenThread(_)
                )
            })
            .unwrap_or(self.steps.len());
        let more = match self.allows {
            Allows::AnswersOnly => fit(more, Reach::Interaction, asker.channel),
            _ => more,
        };
        self.steps.splice(later..later, more);
    }

    /// Whether a step to the caller after the first answer may still be sent, with
    /// `followups` sent already and the token `alive` or not.
    pub fn followup_allowed(&self, followups: usize, alive: bool) -> bool {
        self.allows != Allows::AnswersOnly || (followups < FOLLOWUPS_MAX && alive)
    }
}

fn allows(reach: Reach) -> Allows {
    match reach {
        Reach::Bot => Allows::Everything,
        Reach::Interaction => Allows::AnswersOnly,
    }
}

/// The plan fitted to what `reach` allows in `channel` (the interaction's channel): with the
/// bot there, unchanged; with the app alone, messages for this channel become answers to the
/// interaction (the caller's, as follow-ups), and what needs the channel itself (posts
/// elsewhere in it, button edits of its messages, threads) is left out. DMs stay: a player
/// who installed the app or shares a server with the bot can get them (a refusal is stored).
pub fn fit(plan: Vec<Outgoing>, reach: Reach, channel: u64) -> Vec<Outgoing> {
    if reach == Reach::Bot {
        return plan;
    }
    plan.into_iter()
        .filter_map(|out| match out {
            Outgoing::Post {
                target: Target::Channel(c),
                reply,
                board_at,
                event_at,
            } if c == channel => Some(Outgoing::Post {
                target: Target::Caller,
                reply,
                board_at,
                event_at,
            }),
            Outgoing::Post {
                target: Target::Channel(_),
                ..
            } => None,
            Outgoing::RemoveButtons(Earlier::Pressed) => None,
            Outgoing::RemoveButtons(Earlier::InChannel { channel_id, .. })
                if channel_id == channel =>
            {
                None
            }
            Outgoing::Archive { thread, .. } if thread == channel => None,
            Outgoing::OpenThread(_) => None,
            other => Some(other),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{ThreadPlan, User};

    fn post(target: Target) -> Outgoing {
        Outgoing::Post {
            target,
            reply: Box::new(Reply::public("text")),
            board_at: None,
            event_at: None,
        }
    }

    #[test]
    fn with_the_app_alone_only_answers_and_dms_remain() {
        let plan = vec![
            post(Target::Caller),
            post(Target::Channel(5)),
            post(Target::Channel(6)),
            post(Target::Dm(3)),
            Outgoing::RemoveButtons(Earlier::InChannel {
                channel_id: 5,
                message_id: 1,
            }),
            Outgoing::RemoveButtons(Earlier::Pressed),
            Outgoing::OpenThread(ThreadPlan {
                game: crate::app::GameId(1),
                parent: Place::Channel {
                    guild: 0,
                    channel: 5,
                },
                message: 1,
                name: "a game".into(),
            }),
        ];
        assert_eq!(fit(plan.clone(), Reach::Bot, 5), plan);
        let fitted = fit(plan, Reach::Interaction, 5);
        assert_eq!(
            fitted,
            [
                post(Target::Caller),
                post(Target::Caller),
                post(Target::Dm(3))
            ]
        );
    }

    #[test]
    fn a_further_answer_comes_before_the_steps_that_wait_and_within_the_followups() {
        let asker = Asker {
            user: User::new(3, "asha"),
            place: Place::Channel {
                guild: 0,
                channel: 5,
            },
            channel: 5,
        };
        let mut plan = Plan {
            steps: vec![
                post(Target::Caller),
                Outgoing::RemoveButtons(Earlier::Pressed),
            ],
            allows: Allows::Everything,
            place: None,
        };
        plan.then_answer(&Reply::private("note"), &asker, false);
        assert_eq!(plan.steps.len(), 3);
        assert!(plan.steps[1].to_caller());
        assert_eq!(plan.steps[2], Outgoing::RemoveButtons(Earlier::Pressed));
        assert!(plan.followup_allowed(9, false));
        plan.then_answer(&Reply::public("board"), &asker, true);
        assert!(matches!(
            &plan.steps[2],
            Outgoing::Post {
                target: Target::Pressed,
                ..
            }
        ));
        let only = Plan::caller(Reply::private("x"), Reach::Interaction);
        assert!(only.followup_allowed(FOLLOWUPS_MAX - 1, true));
        assert!(!only.followup_allowed(FOLLOWUPS_MAX, true));
        assert!(!only.followup_allowed(0, false));
    }
}
