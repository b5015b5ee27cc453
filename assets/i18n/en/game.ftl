# The game's own conversation: challenges, moves, endings, takebacks, draws, claims.

## Challenges.
game-challenge-in-dm = Challenges are made in a server channel, where both players can see the board. Here you can play the AI: `/bao ai`.
game-challenge-self = You cannot challenge yourself. Challenge someone else, or play the AI with `/bao ai`.
game-challenge-bot = { $name } is a bot and cannot play. To play the built-in AI use `/bao ai`.
game-hints-rated = Hints are only for unrated games: write `rated:false hints:true` for a casual game with hints, or leave hints out for a rated game.
game-place-taken = A game is already running or waiting in this channel.
game-sides-south = { $name } plays South and moves first
game-sides-north = { $name } plays North
game-sides-random = sides drawn at random
game-per-move = { $span } per move
game-untimed = no time limit
# $rules is `v0.2`, or game-rules-no-takasia.
game-rules-no-takasia = { $rules } (no takasia)
# $rated and $hints are yes or no; $variant is Kiswahili or Kujifunza; $expires a timestamp.
game-challenge = <@{ $opponent }> ({ $opponent_rating }), { $name } ({ $rating }) challenges you to { $rated ->
        [yes] a rated game
       *[no] a casual game
    } of Bao la { $variant } ({ $sides }, { $clock }, rules { $rules }{ $hints ->
        [yes] , hints allowed
       *[no] {""}
    }). The challenge expires { $expires }.
game-button-accept = Accept
game-button-decline = Decline
game-challenge-own = You made this challenge; only the one you challenged can accept it. `/bao abort` withdraws it.
game-challenge-not-yours = This challenge is not for you.
game-challenge-expired = This challenge has expired.
game-accepted = { $name } accepts. { $south } plays South, { $north } plays North.
game-played-in-channel = Game { $game } is played here in { $place }, not in a thread of its own: { $why }.
game-played-in-thread = Game { $game } is played in a thread of its own.
# In a DM or group DM between people, or a server without the bot: games there have no threads, and nothing is missing.
game-played-here = Game { $game } is played here, in this conversation.
# A button of a game pressed in another channel than the game's, where only the app is.
game-button-elsewhere = That button belongs to game { $game }, which is played in { $place }: its board's buttons work only there.
game-withdraws = { $name } withdraws the challenge.
game-declines = { $name } declines the challenge.
game-no-challenge = There is no challenge waiting here.
game-challenge-taken = This challenge was already accepted: game { $game } is on in { $place }.
game-challenge-over = This challenge was accepted, and game { $game } is over. `/bao history game:{ $game }` shows it.
game-challenge-declined = This challenge was declined (or withdrawn by its challenger); there is nothing to answer.
game-challenge-withdrawn = This challenge was withdrawn; there is nothing to answer.
game-busy-challenge = A challenge is already waiting here (game { $game }); it must be accepted, declined or withdrawn first.
game-busy-game = A game is already running here (game { $game }); finish it first, or play in another channel or thread.
game-clock-and-time = A game has a clock or a time per move, not both: write `clock:5+3` (or `clock:3d+1d`) or `time_per_move:1d`.
game-cap-alone = `cap:{ $cap }` goes with a correspondence clock, such as `clock:3d+1d cap:{ $cap }`.

## Against the AI.
game-ai-busy = A game is already running here.
# $clock is empty, or ", " and the clock (game-clock...).
game-ai-start = { $name } plays the AI ({ $level }, rated { $rating }) at Bao la { $variant } (rules { $rules }{ $clock }): { $south } is South.
game-the-ai = the AI

## Moves.
game-move-pending = The challenge has not been accepted yet; moves come after `/bao accept`.
game-move-not-player = You are not playing in this game; only { $south } and { $north } can move.
game-move-not-turn = It is not your turn: { $name } ({ $side }) is to move.
# $error says what did not read (a move's text), $moves the legal moves as written.
game-move-unread = { $error }. Legal moves now: { $moves }.
game-move-stored = { $name }: { $trace } The move is stored; the board follows as soon as it is drawn.
game-no-first-move = Your first move did not come within { $minutes } minutes, so game { $game } was aborted; no result is recorded.
game-time-ran-out = Your time ran out before your move arrived: { $name } ({ $side }) wins game { $game } on time.
game-board-changed = The board changed before your move arrived; here is the new position.
game-out-of-date = That board is out of date; this is the current one.
game-over = Game { $game } is over. `/bao history game:{ $game }` shows it.

## Resigning, draws, aborting, claims.
game-resign-pending = The game has not started; `/bao abort` withdraws a challenge.
game-resigns = { $name } resigns.
game-draw-no-game = There is no game running here to draw.
game-draw-ai = The AI plays on and does not accept draws; `/bao resign` ends the game.
game-draw-already = You have offered a draw already; it stands until the next move.
game-draw-accepted = { $name } accepts the draw.
# $opponent is a mention or a name: the player who offered the draw.
game-draw-declined = { $name } declines the draw; { $opponent }, the game goes on.
game-draw-none-to-decline = There is no draw offer of your opponent's to decline.
# $opponent is a mention or a name.
game-draw-offer = { $name } offers a draw. { $opponent }, accept with `/bao draw` or the button, or decline with `/bao draw decline:true` or the button; any move declines it too.
game-button-accept-draw = Accept draw
game-button-decline-draw = Decline draw
game-abort-tournament = A tournament game cannot be aborted: `/bao resign` or `/bao draw` instead (or `/bao-tournament withdraw` to leave the event).
game-abort-late = Too late to abort: each side has moved twice. `/bao resign` or `/bao draw` instead.
game-aborts = { $name } aborts game { $game }; no result is recorded.
game-claim-no-game = There is no game running here.
game-claim-live = On a live clock there is nothing to claim: the bot ends the game as soon as a clock runs out.
game-claim-untimed = This game has no time limit, so there is nothing to claim.
game-claim-own-turn = It is your own turn: move instead of claiming.
game-claim-early = { $name } still has time, until { $deadline }.
game-claims = { $name } claims the win on time.
game-not-yours = You are not playing in game { $game }; only its players can do that.

## Takebacks.
game-takeback-no-game = There is no game running here to take a move back in.
game-takeback-not-player = You are not playing in game { $game }; only its players can take moves back.
game-takeback-rated = Takebacks are off in rated games: the move stands. Against the AI (`/bao ai`) and in casual games (`rated:false`) they can be asked for.
game-takeback-no-move = You have made no move to take back yet.
game-took-back = { $name } took back { $moves }: the board is as before the move, with { $next } to move.
game-takeback-nothing = No move has been played yet: there is nothing to take back.
game-takeback-not-own = The last move, `{ $move }`, is { $opponent }'s: you can ask to take back only your own move, before { $opponent } answers it.
game-takeback-asked = You have asked already; { $opponent } has not answered yet.
game-takeback-was-declined = { $opponent } declined to take back `{ $move }`; the move stands. Play on.
game-takeback-request = { $name } asks to take back `{ $move }`. <@{ $opponent }>, accept or decline? (It lapses if you move instead.)
game-button-accept-takeback = Accept takeback
game-takeback-not-involved = This takeback request is for { $asker }'s opponent to answer; you are not playing in game { $game }.
game-takeback-own = You asked for this takeback; { $opponent } answers it. Wait, or play on once it is answered.
game-takeback-lapsed = This takeback request has lapsed: { $why }. `/bao board` shows the game now.
game-lapsed-accepted = it was already accepted
game-lapsed-declined = it was already declined
game-lapsed-over = the game is over
game-lapsed-moved = the game moved on since it was asked
game-takeback-declines = { $name } declines to take back `{ $move }`; the move stands and { $name } is to move.
game-takeback-accepts = { $name } accepts: { $asker }'s move `{ $move }` is taken back, and { $asker } is to move again.
# For histories: a declined request, and who asked for a move taken back.
game-takeback-asked-for = { $name } asked for ply { $ply } (`{ $move }`) back
game-at-request = at { $name }'s request
ai-busy = The AI is busy with other players' requests: try again in { $secs } s. Nothing was stored.
