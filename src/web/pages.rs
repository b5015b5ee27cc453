//! The pages' HTML (maud escapes every text it is given). No inline script or style: the
//! script and the style sheet are files under `/static/`, as the Content-Security-Policy
//! demands.

use maud::{html, Markup, DOCTYPE};

use crate::app::{EventPage, GamePage};

/// `path` with the page's token, when it has one.
fn keyed(path: &str, token: Option<&str>) -> String {
    match token {
        Some(t) => format!("{path}?k={t}"),
        None => path.to_string(),
    }
}

/// The frame of every page.
fn layout(title: &str, body: Markup, script: bool) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { (title) " · bao-bot" }
                link rel="stylesheet" href="/static/style.css";
                @if script {
                    script type="module" src="/static/game.js" {}
                }
            }
            body {
                header.top {
                    a.brand href="/" { "bao-bot" }
                    span.sub { "Bao la Kiswahili" }
                }
                (body)
            }
        }
    }
}

/// One player's bar above or below the board.
fn player_bar(page: &GamePage, side: usize) -> Markup {
    let p = &page.players[side];
    let letter = if side == 0 { "S" } else { "N" };
    html! {
        div.player data-side=(letter) {
            span.dot {}
            span.name { (p.name) }
            span.meta { (p.side) }
            span.meta.hand { "hand " span.hand-count { "0" } }
            @if let Some(r) = &p.rating {
                span.rating { (r) }
            }
        }
    }
}

/// `/g/ID`: the board (drawn by the script), the players, the moves and the links.
pub fn game_page(page: &GamePage) -> Markup {
    let token = page.token.as_deref();
    let title = format!(
        "Game {}: {} vs {}",
        page.id, page.players[0].name, page.players[1].name
    );
    let body = html! {
        main #game data-id=(page.id) data-k=[token] data-status=(page.status) {
            div.layout {
                section.board-col {
                    div.players #players {
                        (player_bar(page, 1))
                        div #board-box {
                            svg #board xmlns="http://www.w3.org/2000/svg" viewBox="0 0 968 520"
                                role="img" aria-label="The board" data-ply="0" data-to-move="S" {}
                        }
                        (player_bar(page, 0))
                    }
                    div.controls {
                        button #first type="button" title="Start (Home)" { "|◀" }
                        button #prev type="button" title="Back one ply (←)" { "◀" }
                        span #ply-label { "ply 0 of " (page.plies) }
                        button #next type="button" title="Forward one ply (→)" { "▶" }
                        button #last type="button" title="Last ply (End)" { "▶|" }
                        button #flip type="button" title="Flip the board" { "Flip" }
                        label.anim { input #animate type="checkbox" checked; " Animate" }
                    }
                    p #caption.caption {}
                    p #proved.proved {}
                    p #live.live hidden { "Live: the board follows the game as moves are played." }
                }
                aside.side-col {
                    h1 { (title) }
                    dl.facts {
                        dt { "Game" } dd { (page.game_name) ", rules " (page.rules) }
                        dt { "Time" } dd { (page.time_control) }
                        dt { "Rated" } dd { @if page.rated { "yes" } @else { "no" } }
                        dt { "Started" } dd { (page.started) }
                        dt { "Result" } dd #result {
                            @match &page.result { Some(r) => { (r) }, None => { "in play" } }
                        }
                        @if let Some((label, path)) = &page.event {
                            dt { "Tournament" } dd { a href=(path) { (label) } }
                        }
                    }
                    @if let Some(summary) = &page.analysis {
                        section.analysis {
                            h2 { "Analysis" }
                            p { b { (page.players[0].name) } ": " (summary[0]) }
                            p { b { (page.players[1].name) } ": " (summary[1]) }
                            div #graph {}
                            p.legend { "?! inaccuracy · ? mistake · ?? blunder · ✗ missed win. Click the graph to go to a ply." }
                        }
                    }
                    h2 { "Moves" }
                    ol #moves.moves {}
                    p.links {
                        a href=(keyed(&format!("/g/{}/record.txt", page.id), token)) download { "Game record" }
                        " · "
                        a href=(keyed(&format!("/g/{}/board.png", page.id), token)) { "Board (PNG)" }
                        @if page.gif {
                            " · "
                            a href=(keyed(&format!("/g/{}/game.gif", page.id), token)) { "Whole game (GIF)" }
                        }
                    }
                    noscript { p { "The board and the moves need JavaScript; the record and the pictures do not." } }
                }
            }
        }
    };
    layout(&title, body, true)
}

/// `/t/ID`: the standings with tie-breaks (the crosstable) and every round's pairings.
pub fn event_page(page: &EventPage) -> Markup {
    let title = format!("Tournament #{}: {}", page.id, page.name);
    let body = html! {
        main.event {
            h1 { (title) }
            p.about { (page.about) " · " (page.status) }
            h2 { "Standings" }
            div.table-wrap {
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
                                            a href=(cell.links[0]) { (cell.text) }
                                        } @else {
                                            (cell.text) " "
                                            @for (k, l) in cell.links.iter().enumerate() {
                                                a.game-no href=(l) { "g" (k + 1) } " "
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
            h2 { "Pairings" }
            @if page.rounds.is_empty() { p { "No round has been paired yet." } }
            @for r in page.rounds.iter().rev() {
                section.round {
                    h3 { "Round " (r.round) }
                    table.pairings {
                        thead { tr { th { "Board" } th { "South" } th { "North" } th { "Result" } } }
                        tbody {
                            @for b in &r.boards {
                                tr {
                                    td.num { (b.board) }
                                    td { (b.south) }
                                    td { @match &b.north { Some(n) => { (n) }, None => { "—" } } }
                                    td {
                                        @match &b.link {
                                            Some(l) => { a href=(l) { (b.result) } },
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
    };
    layout(&title, body, false)
}

/// The front page: what this site is (it lists nothing: games are reached by their links).
pub fn index_page() -> Markup {
    let body = html! {
        main.plain {
            h1 { "Bao games" }
            p { "Each game and tournament played with bao-bot has a page here: open it from the link the bot posts with a result, a replay, an analysis or the standings." }
            p { "Games in public channels are at " code { "/g/NUMBER" } "; tournaments at " code { "/t/NUMBER" } ". Games in direct messages and private channels open only from their own link." }
        }
    };
    layout("Bao games", body, false)
}

/// The page for anything that is not there (or not to be shown to this asker).
pub fn not_found_page() -> Markup {
    let body = html! {
        main.plain {
            h1 { "Not found" }
            p { "There is no such page. A game or tournament page opens from the link the bot posted; games in direct messages and private channels need their whole link, token included." }
            p { a href="/" { "bao-bot" } }
        }
    };
    layout("Not found", body, false)
}

/// A short page for a failure on the bot's side.
pub fn error_page(words: &str) -> Markup {
    let body = html! {
        main.plain { h1 { "Something went wrong" } p { (words) } }
    };
    layout("Error", body, false)
}
