//! Registering the commands with Discord at start-up, in one bulk request.
//!
//! Discord refuses the whole list when one command breaks one of its limits (400, code
//! 50035, with the path of each fault). A bot running on without its commands serves no
//! one, so a refusal is fatal: [`register`] returns it in words naming the command and the
//! limit, and the bot stops with an error. The global list carries the app's Entry Point
//! command (`entry_point.rs`), which Discord will not let an overwrite drop.

use poise::serenity_prelude as serenity;
use serenity::{CreateCommand, GuildId, Http};

use super::retry::patiently;

/// Registers `commands` globally (with the Entry Point command, the bot's own when
/// `activity`), or in `guild` alone; retried while rate limited. On a refusal, what Discord
/// said, in words.
pub async fn register(
    http: &Http,
    commands: Vec<CreateCommand>,
    guild: Option<u64>,
    activity: bool,
) -> Result<usize, String> {
    let mut names: Vec<String> = commands
        .iter()
        .map(|c| {
            serde_json::to_value(c)
                .ok()
                .and_then(|v| v.get("name").and_then(|n| n.as_str()).map(String::from))
                .unwrap_or_default()
        })
        .collect();
    let result = match guild {
        Some(g) => {
            let guild = GuildId::new(g);
            patiently("command registration", || {
                guild.set_commands(http, commands.clone())
            })
            .await
        }
        None => {
            let own: Vec<serde_json::Value> = commands
                .iter()
                .filter_map(|c| serde_json::to_value(c).ok())
                .collect();
            let list = super::entry_point::with_entry_point(http, own, activity).await?;
            if let Some(entry) = list.get(names.len()) {
                names.push(entry["name"].as_str().unwrap_or_default().to_string());
            }
            patiently("command registration", || {
                http.create_global_commands(&list)
            })
            .await
        }
    };
    match result {
        Ok(registered) => Ok(registered.len()),
        Err(e) => Err(refusal(&e, &names)),
    }
}

/// What a refused registration says: each fault with the command it is in (the first part
/// of Discord's path is the command's index in the list) and Discord's words for the limit.
fn refusal(e: &serenity::Error, names: &[String]) -> String {
    let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) = e else {
        return format!("the command registration failed: {e}");
    };
    let mut faults: Vec<String> = r
        .error
        .errors
        .iter()
        .map(|f| {
            let mut path = f.path.splitn(2, '.');
            let first = path.next().unwrap_or("");
            let rest = path.next().unwrap_or("");
            let command = first
                .parse::<usize>()
                .ok()
                .and_then(|i| names.get(i))
                .map_or_else(|| first.to_string(), |n| format!("/{n}"));
            let at = if rest.is_empty() {
                String::new()
            } else {
                format!(" at {rest}")
            };
            format!("{command}{at}: {} ({})", f.message, f.code)
        })
        .collect();
    if faults.is_empty() {
        faults.push(r.error.message.clone());
    }
    format!(
        "Discord refused the command registration ({} {}, code {}): {}",
        r.status_code.as_u16(),
        r.status_code.canonical_reason().unwrap_or(""),
        r.error.code,
        faults.join("; ")
    )
}
