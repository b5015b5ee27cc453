# The web pages (/g/ID, /t/ID, the front page) and the chat's links to them.
# Their language: ?lang=sw or ?lang=en, else the server's (a DM game: its player's).

## The chat's links.
web-game-page-line = Game page: <{ $url }>
web-event-page-line = Tournament page: <{ $url }>

## Every page.
web-front-title = Bao games
web-front-about = Each game and tournament played with bao-bot has a page here: open it from the link the bot posts with a result, a replay, an analysis or the standings.
# $game and $event are the addresses, shown as code.
web-front-where = Games in public channels are at { $game }; tournaments at { $event }. Games in direct messages and private channels open only from their own link.
web-front-number = NUMBER
web-not-found-title = Not found
web-not-found = There is no such page. A game or tournament page opens from the link the bot posted; games in direct messages and private channels need their whole link, token included.
web-error-title = Error
web-error-heading = Something went wrong
web-read-failed = The page could not be read. Try again in a moment.
web-too-many-live = Too many live pages: this page polls instead.
web-too-many-requests = Too many requests from your address: wait a moment and reload.
web-pictures-busy = Pictures are busy: try again in a few seconds.
web-gif-too-large = Game { $id }: the GIF would be { $bytes } bytes, more than the { $max }-byte limit: ask for fewer plies or no sowing.

## The game page.
web-game-title = Game { $id }: { $south } vs { $north }
web-board-label = The board
web-hand = hand
web-first = Start (Home)
web-prev = Back one ply (←)
web-next = Forward one ply (→)
web-last = Last ply (End)
web-flip-title = Flip the board
web-flip = Flip
web-animate = Animate
web-ply-of = ply { $ply } of { $plies }
web-live = Live: the board follows the game as moves are played.
web-fact-game = Game
web-fact-game-value = { $game }, rules { $rules }
web-fact-time = Time
web-fact-rated = Rated
web-yes = yes
web-no = no
web-fact-started = Started
web-fact-result = Result
web-fact-tournament = Tournament
web-in-play = in play
web-analysis = Analysis
web-analysis-legend = ?! inaccuracy · ? mistake · ?? blunder · ✗ missed win. Click the graph to go to a ply.
web-moves = Moves
web-record = Game record
web-board-png = Board (PNG)
web-game-gif = Whole game (GIF)
web-noscript = Stepping through the moves needs JavaScript; the board as it stands, the record and the pictures do not.
# The game's name with a rule set other than the usual one.
web-first-name = First ply
web-prev-name = Previous ply
web-next-name = Next ply
web-last-name = Last ply
web-controls = Step through the game
# The board for a screen reader: its name, and each pit's (the script fills the same words in).
web-board-name = The board at ply { $ply }: { $side } to move; in hand: South { $south }, North { $north }
web-pit-seeds = { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
web-pit-nyumba = nyumba
web-pit-takasia = takasia
web-pit-start = the move started here
web-pit-captured = { $seeds } captured
web-pit-entered = captured seeds entered here
web-pit-end = the move ended here
web-key = Key to the rings
web-key-takasia = takasia: may not be started this turn
web-key-arrow = ← → the way captured seeds were sown
web-description = { $game }: { $south } vs { $north }, { $state }, ply { $ply }.
web-clock-flag = flag fell
web-clocks = Clocks
web-game-name-rules = { $name } (rules { $rules })

## What the page's script writes (the page gives it these words).
web-start-position = The start position.
# $label: web-label-*; $loss: expected score lost, in points of 100; $best: a move.
web-mark = { $label } (−{ $loss } points); better { $best }
web-load-failed = The game could not be loaded ({ $error }). Reload the page to try again.
web-graph = Evaluation graph
web-graph-start = start
web-graph-ply = ply { $ply }
# The graph's side letters (South above, North below).
web-graph-south = S
web-graph-north = N
web-label-best = best
web-label-good = good
web-label-inaccuracy = inaccuracy
web-label-mistake = mistake
web-label-blunder = blunder
web-label-missed-win = missed win

## Results, times and the analysis, as the game page says them.
web-result-wins = { $name } ({ $side }) wins
web-result-wins-reason = { $name } ({ $side }) wins: { $reason }
web-result-no-winner = No winner
web-result-no-winner-reason = No winner: { $reason }
web-result-stopped = Stopped without a result
web-result-stopped-reason = Stopped without a result ({ $reason })
web-per-move = { $span } per move
web-no-time-limit = no time limit
web-analysis-summary = accuracy { $accuracy }, { $inaccuracies ->
    [one] { $inaccuracies } inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $mistakes ->
    [one] { $mistakes } mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [one] { $blunders } blunder
   *[other] { $blunders } blunders
}
web-proved-wins = { $side } wins in { $n } (proved)
web-note-missed-win = missed a win in { $n }
web-note-walked-into-loss = walked into a loss in { $n }
web-event-round = { $name }, round { $round }

## The tournament page.
web-event-title = Tournament #{ $id }: { $name }
web-event-signup = sign-up, { $n } joined
# $status: event-status-*.
web-event-status = { $status }, round { $round } of { $rounds }
web-standings = Standings
web-pairings = Pairings
web-no-round = No round has been paired yet.
web-round = Round { $round }
web-col-board = Board
web-sits-out = sits out
