//! The bot's GIFs as a viewer sees them, decoded by the library's one decoder
//! ([`bao_bot::render::decode_gif`]): every frame composed onto the picture, and the bands of
//! a picture joined into it.

#![allow(dead_code)]

pub use bao_bot::render::ShownFrame as Shown;

/// Width, height and the pictures of a GIF.
pub fn shown_frames(bytes: &[u8]) -> (u32, u32, Vec<Shown>) {
    let gif = bao_bot::render::decode_gif(bytes).expect("a GIF as the bot writes them");
    (gif.width, gif.height, gif.frames)
}

/// How long each picture of a GIF is shown.
pub fn shown_delays(bytes: &[u8]) -> Vec<u16> {
    shown_frames(bytes).2.iter().map(|f| f.delay_cs).collect()
}
