//! Discord messages built from the app's replies: buttons as action rows, the one allowed
//! mention, attachments, and the same reply as an interaction response, a follow-up, an
//! edit or a channel message.

use poise::serenity_prelude as serenity;
use serenity::{
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditInteractionResponse, EditMessage, UserId,
};

use crate::app::{self, Reply};

/// Longest message text Discord accepts.
pub const TEXT_MAX: usize = 2000;

/// Cuts `text` to at most `max` characters (not bytes).
pub fn truncate(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => text[..i].to_string(),
        None => text.to_string(),
    }
}

pub(super) fn rows(buttons: &[Vec<app::Button>]) -> Vec<CreateActionRow> {
    buttons
        .iter()
        .filter(|row| !row.is_empty())
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        let button = match b.style {
                            app::ButtonStyle::Link => CreateButton::new_link(b.id.clone()),
                            style => CreateButton::new(b.id.clone()).style(match style {
                                app::ButtonStyle::Primary => serenity::ButtonStyle::Primary,
                                app::ButtonStyle::Success => serenity::ButtonStyle::Success,
                                app::ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                                _ => serenity::ButtonStyle::Secondary,
                            }),
                        };
                        button.label(truncate(&b.label, 80))
                    })
                    .collect(),
            )
        })
        .collect()
}

/// The reply's buttons, or none yet.
pub(super) fn rows_if(reply: &Reply, buttons: bool) -> Vec<CreateActionRow> {
    if buttons {
        rows(&reply.buttons)
    } else {
        Vec::new()
    }
}

/// Pings only the reply's one allowed user: never @everyone or roles.
pub(super) fn mentions(reply: &Reply) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(
        reply
            .mention
            .filter(|id| id.0 != 0)
            .map(|id| UserId::new(id.0)),
    )
}

/// The files of a reply: the move's animation, when it has one, in place of the board PNG
/// (its last frame is that board), so a move's board is one GIF attachment.
pub(super) fn files(reply: &Reply) -> impl Iterator<Item = CreateAttachment> + '_ {
    let gif = reply
        .animation()
        .filter(|g| g.bytes.len() <= app::MAX_GIF_BYTES);
    let skip_png = usize::from(gif.is_some() && reply.board_png().is_some());
    gif.into_iter()
        .chain(reply.files().skip(skip_png))
        .map(|a| CreateAttachment::bytes(a.bytes.clone(), a.filename.clone()))
}

pub(super) fn response(reply: &Reply, buttons: bool) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(truncate(&reply.render(), TEXT_MAX))
        .ephemeral(reply.ephemeral)
        .components(rows_if(reply, buttons))
        .allowed_mentions(mentions(reply))
        .add_files(files(reply))
}

pub(super) fn followup(reply: &Reply, buttons: bool) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(truncate(&reply.render(), TEXT_MAX))
        .ephemeral(reply.ephemeral)
        .components(rows_if(reply, buttons))
        .allowed_mentions(mentions(reply))
        .add_files(files(reply))
}

pub(super) fn edit_response(reply: &Reply, buttons: bool) -> EditInteractionResponse {
    let mut e = EditInteractionResponse::new()
        .content(truncate(&reply.render(), TEXT_MAX))
        .components(rows_if(reply, buttons))
        .allowed_mentions(mentions(reply));
    for f in files(reply) {
        e = e.new_attachment(f);
    }
    e
}

pub(super) fn message(reply: &Reply, buttons: bool) -> CreateMessage {
    CreateMessage::new()
        .content(truncate(&reply.render(), TEXT_MAX))
        .components(rows_if(reply, buttons))
        .allowed_mentions(mentions(reply))
        .add_files(files(reply))
}

/// The edit that takes an earlier message's buttons off (its text stays) and pings no one.
pub(super) fn without_buttons() -> EditMessage {
    EditMessage::new()
        .components(Vec::new())
        .allowed_mentions(mentions(&Reply::default()))
}
