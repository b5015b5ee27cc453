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
}
