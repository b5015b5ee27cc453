# /bao-analyze, the board at a ply, /bao hint and /bao-replay. $game: a game's number; moves
# (`$played`, `$best`, `$mv`) are written as notation.

## /bao-analyze.

analysis-not-accepted = That challenge has not been accepted yet.
analysis-still-played = Game { $game } is still being played: an analysis would help during the game. Ask again when it is over.
analysis-only-player = Game { $game } is still being played; only its player can analyse it before it ends.
analysis-no-moves = Game { $game } has no moves to analyse.
analysis-busy = Your other analysis is still running; ask again when it is done.
analysis-progress = Analysing game { $game }: ply { $done } of { $total }…
# $plies: the plies analysed; $nodes: the search's budget.
analysis-head = **Analysis of game { $game }**: { $south } (South) vs { $north } (North), { $plies } plies, { $nodes } nodes a move.
# $side: word-south or word-north; $summary: analysis-summary.
analysis-side = { $name } ({ $side }): { $summary }
# $accuracy: a percentage like 86%, or -.
analysis-summary = accuracy { $accuracy } · { $inaccuracies ->
    [one] { $inaccuracies } inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $mistakes ->
    [one] { $mistakes } mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [one] { $blunders } blunder
   *[other] { $blunders } blunders
}
analysis-proved-title = Proved by exact search (N counts the winner's moves):
# $note: analysis-missed-win, analysis-walked-into-loss, or both.
analysis-proved-line = - Ply { $ply }, { $name }: `{ $played }` { $note }; better `{ $best }`
analysis-missed-win = missed a win in { $n }
analysis-walked-into-loss = walked into a loss in { $n }
analysis-no-mistakes = No inaccuracies, mistakes or blunders: well played.
analysis-largest-title = Largest mistakes:
# $label: analysis-label-*; $points: the expected score lost, 0 to 100.
analysis-mistake-line = { $rank }. Ply { $ply }, { $name }: `{ $played }` ({ $label }, { $points } points of expected score); better `{ $best }`
analysis-label-best = best
analysis-label-good = good
analysis-label-inaccuracy = inaccuracy
analysis-label-mistake = mistake
analysis-label-blunder = blunder
# Buttons under the analysis: the board before and after a mistake.
analysis-button-before = Ply { $ply } before
analysis-button-after = Ply { $ply } after

## The board at a ply (the analysis's buttons).

analysis-too-few-plies = Game { $game } has only { $plies } plies.
analysis-board-after = Game { $game }, after ply { $ply }: { $name } played `{ $mv }`.
analysis-board-start = Game { $game }, the start position.

## /bao hint.

hint-no-game = There is no game running here to give a hint in.
hint-not-player = You are not playing in game { $game }; hints are for its players.
hint-rated = Hints are not given in rated games. Play the AI (`/bao ai`) to practise with hints, or challenge with `rated:false hints:true`.
hint-not-agreed = Hints are given between people only when both agreed to them: this game's challenge did not say `hints:true`. Your next challenge can (`/bao challenge @someone rated:false hints:true`).
hint-not-your-turn = It is not your turn: ask for a hint when it is.
hint-no-move = There is no move to suggest here.
# $trace: what the move does; $percent: the expected score, 0 to 100.
hint = Hint: `{ $mv }` ({ $trace }). Your expected score after it: { $percent }%. The board after it is below; the move is yours to play.
hint-proved-win = Proved: you win in { $n } (your moves, whatever the reply); this is the fastest way.
hint-proved-lost-now = Proved: every move you have loses at once, so { $winner } wins whatever you play.
hint-proved-loss = Proved: { $winner } wins in { $n } (their moves) with best play; this move holds out longest.
# The caption of the board after the hinted move.
hint-caption = Hint: { $mv }

## /bao-replay.

replay-not-accepted = The challenge has not been accepted yet: there is nothing to replay.
replay-only-players = Game { $game } is still running; only its players can replay it before it ends.
replay-range = Game { $game } has { $plies } plies: ask for plies from 0 to { $plies }, the first not after the last (`/bao-replay game:{ $game } from:0 to:{ $plies }`).
replay-too-large = Game { $game }: the GIF would be { $bytes } bytes, more than the { $max }-byte limit: ask for fewer plies or no sowing.
replay-busy = Your other replay is still being drawn; ask again in about { $seconds } s.
replay-queue-full = Many replays are being drawn just now; ask again in about { $seconds } s. Boards of moves are drawn first.
replay-head = Game { $game }: { $south } (South) vs { $north } (North), plies { $from } to { $to } of { $plies }.
