//! The pages' HTML (maud escapes every text it is given). No inline script or style: the
//! script and the style sheet are files under `/static/`, as the Content-Security-Policy
//! demands.
//!
//! Every page is in one language (`<html lang="…">`): a game's or an event's page in the
//! language the app chose for it ([`GamePage::lang`]: `?lang=` when given, else the
//! server's), the other pages in the one asked for, else English. The page's own words come
//! from the catalogue (`assets/i18n/*/web.ftl`); the words the script writes (the ply
//! counter, the captions, the graph's labels) are given to it in the page, as JSON in the
//! game's `data-words`. Links from a page asked in a language keep its `?lang=`.

use maud::{html, Markup, DOCTYPE};

use crate::app::{EventPage, GamePage};
use crate::i18n::{words, Lang, Msg};
use crate::msg;
use crate::rules::Side;

/// `path` with `lang=CODE` added when the page was asked for in a language.
pub(super) fn with_lang(path: &str, asked: Option<Lang>) -> String {
    match asked {
        Some(lang) if path.contains('?') => format!("{path}&lang={}", lang.code()),
        Some(lang) => format!("{path}?lang={}", lang.code()),
        None => path.to_string(),
    }
}

/// `path` with the page's token, when it has one, and its asked language.
fn keyed(path: &str, token: Option<&str>, asked: Option<Lang>) -> String {
    let path = match token {
        Some(t) => format!("{path}?k={t}"),
        None => path.to_string(),
    };
    with_lang(&path, asked)
}

/// The frame of every page, in `lang`; `head`: the page's own meta tags.
fn layout(
    title: &str,
    lang: Lang,
    asked: Option<Lang>,
    body: Markup,
    script: bool,
    head: Markup,
) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { (title) " · bao-bot" }
                (head)
                link rel="icon" type="image/svg+xml" href=(super::assets::href("favicon.svg"));
                link rel="stylesheet" href=(super::assets::href("style.css"));
                @if script {
                    script type="module" src=(super::assets::href("game.js")) {}
                    // The modules game.js imports, fetched with it rather than after it.
                    link rel="modulepreload" href=(super::assets::href("board.js"));
                    link rel="modulepreload" href=(super::assets::href("graph.js"));
                }
            }
            body {
                header.top {
                    a.brand href=(with_lang("/", asked)) { "bao-bot" }
                    span.sub { "Bao la Kiswahili" }
                }
                (body)
            }
        }
    }
}

/// A clock's time left as the page shows it: `4:05`, `1:02:03`, `2d 03h`.
pub fn clock_text(ms: i64) -> String {
    let s = ms.max(0).div_euclid(1000);
    let (d, h, m, sec) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    if d > 0 {
        format!("{d}d {h:02}h")
    } else if h > 0 {
        format!("{h}:{m:02}:{sec:02}")
    } else {
        format!("{m}:{sec:02}")
    }
}

/// One player's bar above or below the board, with the position's hand and turn, and
/// their clock when the game runs on one.
fn player_bar(page: &GamePage, side: usize) -> Markup {
    let p = &page.players[side];
    let letter = if side == 0 { 'S' } else { 'N' };
    let last = page.board.ply == page.plies;
    let over = page.status != "active" && last;
    let to_move = !over && page.board.turn == letter;
    html! {
        div.player.to-move[to_move] data-side=(letter) {
            span.dot {}
            span.name { (p.name) }
            span.meta { (p.side) }
            span.meta.hand { (msg!("web-hand").render(page.lang)) " " span.hand-count { (page.board.hands[side]) } }
            @if let Some(r) = &p.rating {
                span.rating { (r) }
            }
            @if let Some(c) = &page.clocks {
                span.clock.running[c.running == letter] data-side=(letter) data-left-ms=(c.left_ms[side]) {
                    (clock_text(c.left_ms[side]))
                }
            }
        }
    }
}

/// The words the page's script writes, in `lang`, as JSON: templates say `{p}`, `{n}`,
/// `{label}`, `{loss}`, `{best}`, `{error}` where the script puts its values.
pub fn script_words(lang: Lang) -> String {
    let say = |m: Msg| m.render(lang);
    serde_json::json!({
        "ply": say(msg!("web-ply-of", ply = "{p}", plies = "{n}")),
        "start": say(msg!("web-start-position")),
        "mark": say(msg!("web-mark", label = "{label}", loss = "{loss}", best = "{best}")),
        "labels": {
            "best": say(msg!("web-label-best")),
            "good": say(msg!("web-label-good")),
            "inaccuracy": say(msg!("web-label-inaccuracy")),
            "mistake": say(msg!("web-label-mistake")),
            "blunder": say(msg!("web-label-blunder")),
            "missed win": say(msg!("web-label-missed-win")),
        },
        "inPlay": say(msg!("web-in-play")),
        "loadFailed": say(msg!("web-load-failed", error = "{error}")),
        "graph": say(msg!("web-graph")),
        "graphStart": say(msg!("web-graph-start")),
        "graphPly": say(msg!("web-graph-ply", ply = "{p}")),
        "graphSouth": say(msg!("web-graph-south")),
        "graphNorth": say(msg!("web-graph-north")),
        "board": say(msg!("web-board-name", ply = "{p}", side = "{side}", south = "{s}", north = "{n}")),
        "sides": [say(words::side(Side::South)), say(words::side(Side::North))],
        "seedsOne": say(msg!("web-pit-seeds", seeds = 1)),
        "seeds": say(msg!("web-pit-seeds", seeds = 7)).replace('7', "{n}"),
        "nyumba": say(msg!("web-pit-nyumba")),
        "takasia": say(msg!("web-pit-takasia")),
        "pitStart": say(msg!("web-pit-start")),
        "pitCapturedOne": say(msg!("web-pit-captured", seeds = 1)),
        "pitCaptured": say(msg!("web-pit-captured", seeds = 7)).replace('7', "{n}"),
        "pitEntered": say(msg!("web-pit-entered")),
        "pitEnd": say(msg!("web-pit-end")),
        "flag": say(msg!("web-clock-flag")),
    })
    .to_string()
}

/// The caption of the position after ply `p`: `33. Asha: A6L: …` (moves numbered as the
/// chat's history numbers them, two plies a number), or the start.
fn caption(page: &GamePage) -> String {
    let b = &page.board;
    match (&b.mv, &b.text, b.by) {
        (Some(mv), Some(text), Some(by)) => {
            let who = &page.players[usize::from(by == 'N')].name;
            let n = b.ply.div_ceil(2);
            let dot = if b.ply % 2 == 1 { "." } else { "…" };
            format!("{n}{dot} {who}: {mv}: {text}")
        }
        _ => msg!("web-start-position").render(page.lang),
    }
}

/// The board's accessible name for the position shown.
fn board_name(page: &GamePage) -> String {
    let b = &page.board;
    let side = if b.turn == 'S' {
        Side::South
    } else {
        Side::North
    };
    msg!(
        "web-board-name",
        ply = b.ply,
        side = words::side(side),
        south = b.hands[0],
        north = b.hands[1]
    )
    .render(page.lang)
}

/// The link previews' tags (Open Graph, Twitter card) and the description; a private
/// game's page is kept out of search engines.
fn game_head(page: &GamePage, title: &str, public_url: Option<&str>) -> Markup {
    let lang = page.lang;
    let state = page
        .result
        .clone()
        .unwrap_or_else(|| msg!("web-in-play").render(lang));
    let description = msg!(
        "web-description",
        game = page.game_name.as_str(),
        south = page.players[0].name.as_str(),
        north = page.players[1].name.as_str(),
        state = state,
        ply = page.plies
    )
    .render(lang);
    let base = public_url.map(|u| u.trim_end_matches('/'));
    let image = base.map(|b| match &page.token {
        Some(t) => format!("{b}/g/{}/board.png?k={t}", page.id),
        None => format!("{b}/g/{}/board.png", page.id),
    });
    let url = base.map(|b| format!("{b}{}", page.path));
    preview(title, &description, page.token.is_some(), url, image)
}

/// The description and link-preview tags (Open Graph, Twitter card) of a page: `url` and
/// `image` absolute; `private` keeps the page out of search engines.
fn preview(
    title: &str,
    description: &str,
    private: bool,
    url: Option<String>,
    image: Option<String>,
) -> Markup {
    html! {
        meta name="description" content=(description);
        @if private { meta name="robots" content="noindex, nofollow"; }
        meta property="og:type" content="website";
        meta property="og:site_name" content="bao-bot";
        meta property="og:title" content=(title);
        meta property="og:description" content=(description);
        @if let Some(u) = &url { meta property="og:url" content=(u); }
        @if let Some(i) = &image {
            meta property="og:image" content=(i);
            meta name="twitter:card" content="summary_large_image";
            meta name="twitter:image" content=(i);
        } @else {
            meta name="twitter:card" content="summary";
        }
        meta name="twitter:title" content=(title);
        meta name="twitter:description" content=(description);
    }
}

/// The key to the rings and tags on the board, as the PNG's legend.
fn ring_key(lang: Lang) -> Markup {
    let say = |m: Msg| m.render(lang);
    html! {
        ul.ring-key aria-label=(say(msg!("web-key"))) {
            li { span.swatch.start aria-hidden="true" {} (say(msg!("picture-mark-start"))) }
            li { span.swatch.captured aria-hidden="true" {} "−N " (say(msg!("picture-mark-captured"))) }
            li { span.swatch.entered aria-hidden="true" {} (say(msg!("picture-mark-entered"))) }
            li { span.swatch.end aria-hidden="true" {} (say(msg!("picture-mark-end"))) }
            li { span.swatch.takasia aria-hidden="true" {} "T " (say(msg!("web-key-takasia"))) }
            li { (say(msg!("web-key-arrow"))) }
        }
    }
}

/// `/g/ID`: the board (drawn here at the last ply, then by the script), the players, the
/// moves and the links, in the page's language (`asked`: the language the address asked
/// for, kept by its links); `public_url` makes the link previews' absolute addresses.
pub fn game_page(page: &GamePage, asked: Option<Lang>, public_url: Option<&str>) -> Markup {
    let lang = page.lang;
    let say = |m: Msg| m.render(lang);
    let token = page.token.as_deref();
    let title = say(msg!(
        "web-game-title",
        id = page.id.to_string(),
        south = page.players[0].name.as_str(),
        north = page.players[1].name.as_str()
    ));
    let over = page.status != "active";
    let body = html! {
        main #game data-id=(page.id) data-k=[token] data-status=(page.status)
            data-lang=(lang.code()) data-asked=[asked.map(Lang::code)]
            data-words=(script_words(lang)) {
            div.layout {
                section.board-col {
                    div.players #players {
                        (player_bar(page, 1))
                        div #board-box {
                            svg #board xmlns="http://www.w3.org/2000/svg" viewBox="0 0 968 520"
                                role="group" aria-label=(board_name(page))
                                data-ply=(page.board.ply) data-to-move=(page.board.turn)
                                data-hands=(format!("{},{}", page.board.hands[0], page.board.hands[1])) {
                                (super::board::board_svg(&page.board, page.nyumba, lang))
                            }
                        }
                        (player_bar(page, 0))
                    }
                    div.controls role="group" aria-label=(say(msg!("web-controls"))) {
                        button #first type="button" aria-label=(say(msg!("web-first-name"))) title=(say(msg!("web-first"))) { "|◀" }
                        button #prev type="button" aria-label=(say(msg!("web-prev-name"))) title=(say(msg!("web-prev"))) { "◀" }
                        span #ply-label { (say(msg!("web-ply-of", ply = page.board.ply, plies = page.plies))) }
                        button #next type="button" aria-label=(say(msg!("web-next-name"))) title=(say(msg!("web-next"))) { "▶" }
                        button #last type="button" aria-label=(say(msg!("web-last-name"))) title=(say(msg!("web-last"))) { "▶|" }
                        button #flip type="button" title=(say(msg!("web-flip-title"))) { (say(msg!("web-flip"))) }
                        label.anim { input #animate type="checkbox" checked; " " (say(msg!("web-animate"))) }
                    }
                    p #caption.caption aria-live="polite" { (caption(page)) }
                    p #proved.proved {
                        @if over { @if let Some(r) = &page.result { (r) } }
                    }
                    p #live.live hidden { (say(msg!("web-live"))) }
                    (ring_key(lang))
                }
                div.side-col {
                    h1 { (title) }
                    dl.facts {
                        dt { (say(msg!("web-fact-game"))) }
                        dd { (say(msg!("web-fact-game-value", game = page.game_name.as_str(), rules = page.rules.as_str()))) }
                        dt { (say(msg!("web-fact-time"))) } dd { (page.time_control) }
                        dt { (say(msg!("web-fact-rated"))) }
                        dd { @if page.rated { (say(msg!("web-yes"))) } @else { (say(msg!("web-no"))) } }
                        dt { (say(msg!("web-fact-started"))) } dd { (page.started) }
                        dt { (say(msg!("web-fact-result"))) } dd #result {
                            @match &page.result { Some(r) => { (r) }, None => { (say(msg!("web-in-play"))) } }
                        }
                        @if let Some((label, path)) = &page.event {
                            dt { (say(msg!("web-fact-tournament"))) } dd { a href=(with_lang(path, asked)) { (label) } }
                        }
                    }
                    @if let Some(summary) = &page.analysis {
                        section.analysis {
                            h2 { (say(msg!("web-analysis"))) }
                            p { b { (page.players[0].name) } ": " (summary[0]) }
                            p { b { (page.players[1].name) } ": " (summary[1]) }
                            div #graph {}
                            p.legend { (say(msg!("web-analysis-legend"))) }
                        }
                    }
                    h2 { (say(msg!("web-moves"))) }
                    ol #moves.moves {
                        @for (i, pair) in page.moves.chunks(2).enumerate() {
                            li {
                                @for (j, (mv, sign)) in pair.iter().enumerate() {
                                    @let ply = 2 * i + j + 1;
                                    button type="button" data-ply=(ply) .current[ply == page.board.ply as usize] {
                                        (mv)
                                        @if let Some(sg) = sign { " " span.sign { (sg) } }
                                    }
                                }
                            }
                        }
                    }
                    p.links {
                        a href=(keyed(&format!("/g/{}/record.txt", page.id), token, asked)) download { (say(msg!("web-record"))) }
                        " · "
                        a href=(keyed(&format!("/g/{}/board.png", page.id), token, asked)) { (say(msg!("web-board-png"))) }
                        @if page.gif {
                            " · "
                            a href=(keyed(&format!("/g/{}/game.gif", page.id), token, asked)) { (say(msg!("web-game-gif"))) }
                        }
                    }
                    noscript { p { (say(msg!("web-noscript"))) } }
                }
            }
        }
    };
    layout(
        &title,
        lang,
        asked,
        body,
        true,
        game_head(page, &title, public_url),
    )
}

/// An event's link preview (Open Graph, Twitter card) and description: its title, what it
/// is and how far it is. No picture: an event has none of its own (its crosstable is drawn
/// only in the chat). A private event's page is kept out of search engines.
fn event_head(page: &EventPage, title: &str, public_url: Option<&str>) -> Markup {
    let description = format!("{} · {}", page.about, page.status);
    let url = public_url.map(|u| format!("{}{}", u.trim_end_matches('/'), page.path));
    preview(title, &description, page.private, url, None)
}

/// `/t/ID`: the standings with tie-breaks (the crosstable) and every round's pairings, in
/// the page's language (`asked`: as for [`game_page`]); `public_url` makes the link
/// preview's absolute address.
pub fn event_page(page: &EventPage, asked: Option<Lang>, public_url: Option<&str>) -> Markup {
    let lang = page.lang;
    let say = |m: Msg| m.render(lang);
    let title = say(msg!(
        "web-event-title",
        id = page.id.to_string(),
        name = page.name.as_str()
    ));
    let body = html! {
        main.event {
            h1 { (title) }
            p.about { (page.about) " · " (page.status) }
            h2 { (say(msg!("web-standings"))) }
            div.table-wrap tabindex="0" role="region" aria-label=(say(msg!("web-standings"))) {
                table.crosstable {
                    thead { tr {
                        @for (i, c) in page.columns.iter().enumerate() {
                            th.num[page.numeric.get(i).copied().unwrap_or(false)] { (c) }
                        }
                    } }
                    tbody {
                        @for row in &page.rows {
                            tr {
                                @for (i, cell) in row.iter().enumerate() {
                                    td.num[page.numeric.get(i).copied().unwrap_or(false)] {
                                        @if cell.links.is_empty() {
                                            (cell.text)
                                        } @else if cell.links.len() == 1 {
                                            a href=(with_lang(&cell.links[0], asked)) { (cell.text) }
                                        } @else {
                                            (cell.text) " "
                                            @for (k, l) in cell.links.iter().enumerate() {
                                                a.game-no href=(with_lang(l, asked)) { "g" (k + 1) } " "
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            @for f in &page.footer { p.legend { (f) } }
            h2 { (say(msg!("web-pairings"))) }
            @if page.rounds.is_empty() { p { (say(msg!("web-no-round"))) } }
            @for r in page.rounds.iter().rev() {
                section.round {
                    h3 { (say(msg!("web-round", round = r.round))) }
                    div.table-wrap tabindex="0" role="region" aria-label=(say(msg!("web-round", round = r.round))) {
                    table.pairings {
                        thead { tr {
                            th { (say(msg!("web-col-board"))) }
                            th { (say(words::side(Side::South))) }
                            th { (say(words::side(Side::North))) }
                            th { (say(msg!("web-fact-result"))) }
                        } }
                        tbody {
                            @for b in &r.boards {
                                tr {
                                    td.num { (b.board) }
                                    td { (b.south) }
                                    td { @match &b.north { Some(n) => { (n) }, None => { "—" } } }
                                    td {
                                        @match &b.link {
                                            Some(l) => { a href=(with_lang(l, asked)) { (b.result) } },
                                            None => { (b.result) },
                                        }
                                    }
                                }
                            }
                        }
                    }
                    }
                }
            }
        }
    };
    let head = event_head(page, &title, public_url);
    layout(&title, lang, asked, body, false, head)
}

/// The front page: what this site is (it lists nothing: games are reached by their links).
pub fn index_page(asked: Option<Lang>) -> Markup {
    let lang = asked.unwrap_or_default();
    let say = |m: Msg| m.render(lang);
    let number = say(msg!("web-front-number"));
    let game = format!("/g/{number}");
    let event = format!("/t/{number}");
    // The addresses are shown as code: the message is cut where they go.
    let where_ = say(msg!("web-front-where", game = "\u{1}", event = "\u{2}"));
    let body = html! {
        main.plain {
            h1 { (say(msg!("web-front-title"))) }
            p { (say(msg!("web-front-about"))) }
            p {
                @for piece in where_.split_inclusive(['\u{1}', '\u{2}']) {
                    @let text = piece.trim_end_matches(['\u{1}', '\u{2}']);
                    (text)
                    @if piece.ends_with('\u{1}') { code { (game) } }
                    @if piece.ends_with('\u{2}') { code { (event) } }
                }
            }
        }
    };
    layout(
        &say(msg!("web-front-title")),
        lang,
        asked,
        body,
        false,
        html! {},
    )
}

/// The page for anything that is not there (or not to be shown to this asker).
pub fn not_found_page(asked: Option<Lang>) -> Markup {
    let lang = asked.unwrap_or_default();
    let say = |m: Msg| m.render(lang);
    let body = html! {
        main.plain {
            h1 { (say(msg!("web-not-found-title"))) }
            p { (say(msg!("web-not-found"))) }
            p { a href=(with_lang("/", asked)) { "bao-bot" } }
        }
    };
    layout(
        &say(msg!("web-not-found-title")),
        lang,
        asked,
        body,
        false,
        html! { meta name="robots" content="noindex"; },
    )
}

/// A short page for a failure on the bot's side, saying `words` (already in `lang`).
pub fn error_page(words: &str, lang: Lang, asked: Option<Lang>) -> Markup {
    let say = |m: Msg| m.render(lang);
    let body = html! {
        main.plain { h1 { (say(msg!("web-error-heading"))) } p { (words) } }
    };
    layout(
        &say(msg!("web-error-title")),
        lang,
        asked,
        body,
        false,
        html! { meta name="robots" content="noindex"; },
    )
}
