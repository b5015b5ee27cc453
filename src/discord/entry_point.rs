//! The app's Entry Point command (`PRIMARY_ENTRY_POINT`, type 4): the command that opens its
//! Activity from Discord's App Launcher (docs/activity.md).
//!
//! The bot registers its global commands with one bulk overwrite (`PUT
//! /applications/{id}/commands`), which replaces every global command. When Activities are
//! turned on in the Developer Portal, Discord makes an Entry Point command ("Launch") by
//! itself, and it refuses a bulk overwrite that leaves it out (400, code 50240, "You cannot
//! remove this app's Entry Point command in a bulk update operation"; seen by many libraries,
//! not written in Discord's documentation). So before the overwrite the bot reads the global
//! commands back (`GET /applications/{id}/commands`) and puts the Entry Point in the list:
//!
//! - with `[activity]`, the bot's own: the existing one's id, name, description and
//!   localizations, with the `DISCORD_LAUNCH_ACTIVITY` handler (2), or a new `launch` one
//!   when there is none. Discord then launches the Activity itself: nothing reaches the bot,
//!   so the App Launcher works even while the bot restarts, and the Activity page finds the
//!   channel's game on its own. (`APP_HANDLER`, 1, would make the bot answer each launch
//!   within 3 s with `LAUNCH_ACTIVITY` and gain nothing.)
//! - without it, any existing Entry Point exactly as Discord returned it.

use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use serenity::http::{LightMethod, Request, Route};
use serenity::Http;

use super::retry::patiently;

/// `type` of an Entry Point command.
pub const PRIMARY_ENTRY_POINT: u64 = 4;
/// `handler` value: Discord launches the Activity itself.
pub const DISCORD_LAUNCH_ACTIVITY: u64 = 2;

/// The app's global commands as Discord has them, as JSON (retried while rate limited).
async fn global_commands(http: &Http) -> serenity::Result<Vec<Value>> {
    let application_id = http
        .application_id()
        .ok_or_else(|| serenity::Error::Other("the application id is not known before READY"))?;
    patiently("reading the global commands", || async {
        let request = Request::new(Route::Commands { application_id }, LightMethod::Get);
        let response = http.request(request).await?;
        let text = response
            .text()
            .await
            .map_err(|e| serenity::Error::Http(serenity::HttpError::Request(e)))?;
        Ok(serde_json::from_str::<Vec<Value>>(&text).unwrap_or_default())
    })
    .await
}

/// The Entry Point command to put in the overwrite, if any: with `activity`, the bot's own
/// (built on `existing` when there is one); without, `existing` unchanged.
pub fn entry_point(existing: Option<&Value>, activity: bool) -> Option<Value> {
    if !activity {
        return existing.cloned();
    }
    let mut command = json!({
        "name": "launch",
        "description": "Play Bao on the board",
        "description_localizations": {},
        "type": PRIMARY_ENTRY_POINT,
        "handler": DISCORD_LAUNCH_ACTIVITY,
        "integration_types": [0, 1],
        "contexts": [0, 1, 2],
    });
    if let Some(old) = existing {
        for key in [
            "id",
            "name",
            "description",
            "name_localizations",
            "description_localizations",
            "integration_types",
            "contexts",
        ] {
            if let Some(v) = old.get(key).filter(|v| !v.is_null()) {
                command[key] = v.clone();
            }
        }
    }
    Some(command)
}

/// Whether `command` (a command object as JSON) is an Entry Point.
pub fn is_entry_point(command: &Value) -> bool {
    command.get("type").and_then(Value::as_u64) == Some(PRIMARY_ENTRY_POINT)
}

/// `commands` (the bot's own, as JSON) with the Entry Point command added as the module
/// says; the existing one is read from Discord.
pub async fn with_entry_point(
    http: &Http,
    mut commands: Vec<Value>,
    activity: bool,
) -> Result<Vec<Value>, String> {
    let existing = global_commands(http)
        .await
        .map_err(|e| format!("could not read the global commands back before registering: {e}"))?;
    let old = existing.iter().find(|c| is_entry_point(c));
    if let Some(entry) = entry_point(old, activity) {
        commands.push(entry);
    }
    Ok(commands)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_the_activity_the_entry_point_is_the_bots_and_keeps_what_the_portal_named() {
        let made = entry_point(None, true).unwrap();
        assert_eq!(made["type"], 4);
        assert_eq!(made["handler"], 2);
        assert_eq!(made["name"], "launch");
        let portal = json!({"id": "9", "name": "launch", "description": "Launch Bao",
            "type": 4, "handler": 1, "application_id": "1", "version": "3"});
        let ours = entry_point(Some(&portal), true).unwrap();
        assert_eq!(
            (&ours["id"], &ours["description"], &ours["handler"]),
            (&json!("9"), &json!("Launch Bao"), &json!(2))
        );
        assert!(ours.get("application_id").is_none());
    }

    #[test]
    fn without_the_activity_an_existing_entry_point_is_carried_unchanged() {
        assert_eq!(entry_point(None, false), None);
        let portal = json!({"id": "9", "name": "launch", "description": "Launch",
            "type": 4, "handler": 1, "version": "3"});
        assert_eq!(entry_point(Some(&portal), false), Some(portal));
    }
}
