# Looking at games: board messages (the status line under a board, the buttons under it),
# `/bao board`, `/bao moves`, `/bao history`, `/bao games`, and the turn notice by DM.
# Names, pits, moves, <@mentions>, <#channels> and <t:…> timestamps are arguments.

## The status line under a board ($name: a player's name; $side: word-south/word-north).
views-wins-on-time = **{ $name } ({ $side }) wins on time**.
views-wins = **{ $name } ({ $side }) wins**.
views-wins-because = **{ $name } ({ $side }) wins**: { $reason }.
views-no-winner-because = The game ends without a winner: { $reason }.
views-over = The game is over.
views-stopped = The game was stopped without a result.
views-stopped-because = The game was stopped without a result ({ $reason }).
views-waiting = Waiting for the challenge to be accepted.
# $who: a mention or the AI's name; $phase: NAMUA or MTAJI; $by: views-by or nothing;
# $draw: views-offers-draw or nothing.
views-to-move = { $who } ({ $side }, { $phase }) to move{ $by }.{ $draw }
views-by = , by { $when }
views-offers-draw = { " " }{ $name } offers a draw.

## How a game ended, as stored.
views-reason-resignation = resignation
views-reason-timeout = timeout
views-reason-agreed-draw = agreed draw
views-reason-abort = aborted
views-reason-abandoned = abandoned
views-reason-declined = declined
views-reason-expired = expired
views-reason-out-of-time = on time
views-reason-no-first-move = first move not made in time

## The buttons under a board.
views-button-moves = { $n ->
    [one] 1 move
   *[other] All { $n } moves
}
views-button-accept-draw = Accept draw
views-button-offer-draw = Offer draw
views-button-decline-draw = Decline draw

## `/bao board`, `/bao moves`.
views-not-accepted = The challenge here has not been accepted yet.
views-moves-not-accepted = The challenge has not been accepted yet; moves come after `/bao accept`.
# $winner: "North (Asha)"; $side: the winner's side word.
views-proved-at-once = Proved: { $winner } wins: every move of { $loser } loses at once.
views-proved = Proved: { $winner } wins in { $moves } from here ({ $side }'s moves, with best defence).
views-legal-moves = Legal moves for { $name } ({ $side }):
views-write-move = Write a move as { $form }.

## `/bao history`. $control: ", " and the clock in words, or nothing.
views-history-head = Game { $game }: { $south } (South) vs { $north } (North), { $moves } moves{ $control }.
# $asked: who asked, or nothing; $moves: the moves taken back, as written.
views-taken-back = Taken back after ply { $ply }{ $asked }: { $moves }
views-takeback-declined = Takeback declined: { $what }

## `/bao games`.
views-games-none = You have no games going. Start one with `/bao challenge @someone` or `/bao ai`.
views-games-head = Your games:
views-you-challenged = you challenged { $name }
views-challenged-you = { $name } challenged you
views-games-pending = `#{ $game }` { $who } in { $place }: waiting for an answer
# $clock: views-games-clock or nothing; $by: views-by or nothing.
views-games-line = `#{ $game }` vs { $opponent } in { $place } ({ $moves } moves{ $clock }): { $whose }{ $by }
views-games-clock = , clock { $form }
views-your-turn = **your turn**
views-their-turn = { $name }'s turn
views-games-move-anywhere = Move from anywhere with `/bao move ... game:<number>`.
views-recently-ended = Recently ended:
views-ended-line = `#{ $game }` vs { $opponent } in { $place } ({ $moves } moves{ $clock }): { $result } ({ $reason })
views-you-won = you won
views-you-lost = you lost
views-no-winner = no winner
views-no-result = stopped without a result
views-bot-dms = the bot's DMs

## The turn notice by DM. $by: views-move-by or nothing.
views-turn-dm = Your turn in Bao game #{ $game } against { $opponent } in { $place }.{ $by } Reply here with `/bao move <move> game:{ $game }`.
views-move-by = { " " }Move by { $when }.

## `/bao prefs notify`.
views-notify-dm = When it is your turn you will be mentioned in the game's channel and told by DM; reminders come by DM too.
views-notify-mention = When it is your turn you will be mentioned in the game's channel (no DMs except deadline reminders).
views-notify-off = No more turn notices or reminders; `/bao games` shows where it is your turn.
