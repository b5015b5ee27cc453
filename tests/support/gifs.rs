//! The bot's GIFs as a viewer sees them, decoded with the `gif` crate: every frame composed
//! onto the picture (disposal is Keep everywhere), and the bands of a frame joined into it.
//!
//! The encoder may split one picture's changes into bands, each but the last shown for
//! `BAND_CS` (an instant no one sees), so that the rows between them are not encoded. A frame
//! shown less than 10 hundredths is such a band: its time belongs to the frame it leads to.

#![allow(dead_code)]

/// One picture as a viewer sees it.
pub struct Shown {
    /// The whole picture, RGB.
    pub rgb: Vec<u8>,
    /// How long it is shown (hundredths of a second), its bands' instants included.
    pub delay: u16,
    /// How many GIF frames (bands) made it.
    pub bands: usize,
}

/// Width, height and the pictures of a GIF.
pub fn shown_frames(bytes: &[u8]) -> (u32, u32, Vec<Shown>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let (w, h) = (decoder.width() as usize, decoder.height() as usize);
    let palette = decoder.global_palette().expect("a global palette").to_vec();
    let mut canvas = vec![0u8; w * h * 3];
    let mut out = Vec::new();
    let (mut lead, mut bands) = (0u16, 0usize);
    while let Some(frame) = decoder.read_next_frame().expect("frames decode") {
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        for y in 0..frame.height as usize {
            for x in 0..frame.width as usize {
                let idx = frame.buffer[y * frame.width as usize + x];
                if Some(idx) == frame.transparent {
                    continue;
                }
                let p = ((frame.top as usize + y) * w + frame.left as usize + x) * 3;
                canvas[p..p + 3].copy_from_slice(&palette[idx as usize * 3..idx as usize * 3 + 3]);
            }
        }
        bands += 1;
        if frame.delay < 10 {
            lead += frame.delay;
            continue;
        }
        out.push(Shown {
            rgb: canvas.clone(),
            delay: lead + frame.delay,
            bands,
        });
        (lead, bands) = (0, 0);
    }
    assert_eq!(
        bands, 0,
        "a GIF ends on a frame that is shown, not on a band"
    );
    (w as u32, h as u32, out)
}

/// How long each picture of a GIF is shown.
pub fn shown_delays(bytes: &[u8]) -> Vec<u16> {
    shown_frames(bytes).2.iter().map(|f| f.delay).collect()
}
