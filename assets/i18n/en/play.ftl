# Playing on the game page (issue 47): the play link in the chat, and the page's refusals.

## The chat.
web-play-button = Play on the board
web-play-link-private = Your own link to play on the board is below. Keep it to yourself: whoever has it moves for you. `/bao board new-link:true` makes a new one and stops this one.
web-play-link-renewed = New link made: your old link to play on the board no longer works.
web-play-no-address = This bot has no web address (`[web] public_url`), so there is no link to play on the board.
web-play-not-yours = Only a player of a game under way has a link to play on its board.
prefs-one-tap = one-tap: **{ $value }** (on the game page, a pit's only move plays without asking to confirm)

## The page's refusals (JSON `words`).
play-refused-token = This link does not let you play this game: it is not yours, or a newer link replaced it. Ask `/bao board` for your link.
play-refused-too-large = The request is larger than { $max } bytes.
# $problem is the JSON reader's own words (English).
play-refused-body = The request must be JSON of "move", "ply" and "request_id" (or "action" and "ply"), like "move": "A4 left capture": { $problem }
play-refused-action = Not something the page can do: send "action" as draw, decline, resign or takeback.
play-refused-request-id = The request id must be 1 to { $max } letters, digits, - or _.
play-refused-request-reused = This request id was already used for another move ({ $move } at ply { $ply }): send a new id with each move.
play-refused-ply-ahead = Ply { $ply } is ahead of the game, which is at ply { $now }.
play-refused-stale = The game moved on since you chose: { $happened }. It is now at ply { $ply }.
play-happened-move = { $name } played { $move }
play-refused-over = Game { $game } is over: there is nothing more to play.

## The page's play controls (assets/web/play.js; `{ $x }` left for the script to fill).
web-play-panel = Play
web-play-can-move = can start a move
web-play-your-turn = Your turn: choose a pit to start your move (Tab to move between them, Enter to choose).
web-play-their-turn = Waiting for your opponent's move.
web-play-moves-from = Moves from { $pit }: choose one to play it.
web-play-confirm = The only move from { $pit }: play it?
web-play-confirm-button = Play { $move }
web-play-cancel = Cancel
web-play-sending = Sending { $move }…
web-play-played = You played { $move }.
web-play-offer-draw = Offer a draw
web-play-accept-draw = Accept the draw
web-play-decline-draw = Decline the draw
web-play-draw-offered = Your opponent offers a draw.
web-play-draw-sent = You offered a draw; it stands until the next move.
web-play-draw-declined = You declined the draw; the game goes on.
web-play-resign = Resign
web-play-resign-confirm = Resign this game? It cannot be undone.
web-play-resign-yes = Yes, resign
web-play-takeback = Ask to take back
web-play-takeback-sent = Your takeback request went to the chat.
web-play-over = The game is over: { $result }
web-play-failed = It could not be sent ({ $error }). Try again.
web-play-tag-stop = stop
web-play-tag-safari = safari
