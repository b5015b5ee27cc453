//! The stand-in's extras for the app installed to a person's account (issue 48): a token
//! that runs out right after its first answer, a place where Discord shows every answer to
//! the asker alone, and the count of requests to routes the app may not use there.

use serde_json::{json, Value};

use super::{payloads, FakeDiscord, Recorded, Shared};

impl FakeDiscord {
    /// Refuses interaction `id`'s token (401 / 50027) once its first answer has been taken,
    /// as if its 15 minutes ran out right then: its follow-ups and edits fail.
    pub fn expire_after_answer(&self, id: u64) {
        self.shared
            .expire_after_answer
            .lock()
            .unwrap()
            .insert(payloads::token_for(id));
    }

    /// Makes Discord show every answer in `channel` to the asker alone, as where a server
    /// turned external apps off: each message the stand-in returns there carries flag 64
    /// (ephemeral), whatever the bot asked.
    pub fn hide_answers_in(&self, channel: u64) {
        self.shared.hidden.lock().unwrap().insert(channel);
    }

    /// Every request to a route the app may not use where only a person's install of it is
    /// in `channel`: any route of the channel itself (posts, reads, edits, its threads), any
    /// thread or reaction route, said as `METHOD path -> status`.
    pub fn forbidden_requests(&self, channel: u64) -> Vec<String> {
        let channel = format!("/api/v10/channels/{channel}");
        let forbidden = |r: &Recorded| {
            r.path == channel
                || r.path.starts_with(&format!("{channel}/"))
                || r.path.contains("/threads")
                || r.path.contains("/reactions")
        };
        self.requests()
            .iter()
            .filter(|r| forbidden(r))
            .map(|r| format!("{} {} -> {}", r.method, r.path, r.status))
            .collect()
    }
}

/// Marks `msg` (a message the stand-in returns) ephemeral when its channel hides answers.
pub(super) fn hide(shared: &Shared, channel: u64, msg: &mut Value) {
    if shared.hidden.lock().unwrap().contains(&channel) {
        let flags = msg.get("flags").and_then(Value::as_u64).unwrap_or(0);
        msg["flags"] = json!(flags | 64);
    }
}
