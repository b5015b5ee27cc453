//! Names as text in chat markdown (Discord's dialect): a name someone chose is shown
//! literally, never as formatting, a link, a spoiler or something that looks like a mention.
//!
//! Discord shows a backslash before any ASCII punctuation as nothing and the character as
//! itself, so escaping a character that would do nothing there changes nothing a reader
//! sees. Escaped everywhere in a name: `\` `*` `_` `~` `` ` `` `|` (emphasis, strikes, code,
//! spoilers), `[` `]` (masked links `[x](url)`), `<` (`<@id>`, `<@&id>`, `<#id>`, `<t:…>`,
//! `</command:id>`, `<:emoji:id>`, `<url>`). `@everyone` and `@here` get a zero-width space
//! after the `@` (the usual cure; no one is pinged anyway, the bot allows no such mention).
//! At the start of a name, where a line may start: `>` (quotes), `#` (headings), `-` and
//! `+` (lists, `-#` small text) and the dot of `1.` (numbered lists). Anything else,
//! letters, digits, spaces, `.`, `(`, `'`, other scripts and emoji, stays as it is, so an
//! ordinary name reads exactly as before.
//!
//! Text someone typed and a refusal quotes back sits in a code span instead
//! (`` `{ $typed }` `` in the catalogue), where Discord reads no markdown, no mention and no
//! backslash escape: there only a backtick (which would end the span) and a line break
//! matter; see [`escape_typed`].

/// `name` escaped for chat markdown (see the module's documentation).
pub fn escape_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    let start = name.len() - name.trim_start().len();
    let (lead, body) = name.split_at(start);
    out.push_str(lead);
    // A line's markers, where the name may begin a line.
    let body = match body.chars().next() {
        Some(c @ ('>' | '#' | '-' | '+')) => {
            out.push('\\');
            out.push(c);
            &body[1..]
        }
        _ => {
            let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if digits > 0 && body[digits..].starts_with('.') {
                out.push_str(&body[..digits]);
                out.push_str("\\.");
                &body[digits + 1..]
            } else {
                body
            }
        }
    };
    let mut rest = body;
    while let Some(c) = rest.chars().next() {
        match c {
            '\\' | '*' | '_' | '~' | '`' | '|' | '[' | ']' | '<' => {
                out.push('\\');
                out.push(c);
            }
            '@' if rest[1..].starts_with("everyone") || rest[1..].starts_with("here") => {
                out.push_str("@\u{200B}");
            }
            c => out.push(c),
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// `typed`, text someone typed, made to stay inside the code span the catalogue quotes it
/// in: a backtick becomes `ˋ` (U+02CB, which looks the same and ends nothing), a line
/// break a space, and `@everyone` / `@here` get a zero-width space after the `@` (no one is
/// pinged anyway). Everything else is shown as typed, `**`, `<@1>` and `\\` included.
pub fn escape_typed(typed: &str) -> String {
    let mut out = String::with_capacity(typed.len() + 4);
    let mut rest = typed;
    while let Some(c) = rest.chars().next() {
        match c {
            '`' => out.push('\u{02CB}'),
            '\n' | '\r' => out.push(' '),
            '@' if rest[1..].starts_with("everyone") || rest[1..].starts_with("here") => {
                out.push_str("@\u{200B}");
            }
            c => out.push(c),
        }
        rest = &rest[c.len_utf8()..];
    }
    if out.is_empty() {
        // An empty code span shows its backticks: a space keeps it a (blank) span.
        out.push(' ');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_names_are_unchanged() {
        for name in [
            "Asha",
            "Baraka Mwinyi",
            "O'Neil (Dar)",
            "Zuhura 2.0",
            "Ñandú 🌴",
            "a.b",
        ] {
            assert_eq!(escape_name(name), name);
        }
    }

    #[test]
    fn markdown_and_mentions_are_escaped() {
        let name = "@everyone [free nitro](https://evil.example) <@&500> ||x|| **b** `c`";
        assert_eq!(
            escape_name(name),
            "@\u{200B}everyone \\[free nitro\\](https://evil.example) \\<@&500> \\|\\|x\\|\\| \
             \\*\\*b\\*\\* \\`c\\`"
        );
        assert_eq!(
            escape_name("<#12> <@34> @here a\\b ~~s~~ _i_"),
            "\\<#12> \\<@34> @\u{200B}here a\\\\b \\~\\~s\\~\\~ \\_i\\_"
        );
    }

    #[test]
    fn line_markers_are_escaped_at_the_start_only() {
        assert_eq!(escape_name("> quote"), "\\> quote");
        assert_eq!(escape_name("# Big"), "\\# Big");
        assert_eq!(escape_name("-# small"), "\\-# small");
        assert_eq!(escape_name(" - item"), " \\- item");
        assert_eq!(escape_name("1. first"), "1\\. first");
        assert_eq!(escape_name("Mwana-Bao #1 > 2"), "Mwana-Bao #1 > 2");
    }

    #[test]
    fn typed_text_stays_inside_its_code_span() {
        assert_eq!(escape_typed("A6 left"), "A6 left");
        assert_eq!(
            escape_typed("**x** @everyone <@1> [a](b) \\ ||s||"),
            "**x** @\u{200B}everyone <@1> [a](b) \\ ||s||"
        );
        assert_eq!(escape_typed("a`b``c"), "a\u{02CB}b\u{02CB}\u{02CB}c");
        assert_eq!(escape_typed("x\n@here"), "x @\u{200B}here");
        assert_eq!(escape_typed(""), " ");
    }
}
