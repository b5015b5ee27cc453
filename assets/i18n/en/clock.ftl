# Game clocks and correspondence deadlines: the clock line under a board, the clock task's
# notices (a flag, a missing first move, low time, the bot offline), reminders, the overdue
# and abandonment notices. $left: a bank as written (`4:32`); $at: unix seconds.

## A time control in words: `clock 5+3 (5 minutes each, 3 seconds a move)`.
clock-control = clock { $form } ({ $each } each, { $more })
clock-control-capped = clock { $form } ({ $each } each, { $more }, at most { $cap } in the bank)
clock-increment = { $amount } a move
clock-no-increment = no increment

## The clock line under a board: `Clock 5+3: **Asha (South)** ▶ 4:55, out <t:…:R> · Baraka (North) 5:00`.
clock-line = Clock { $form }: { $south } · { $north }
clock-side = { $name } ({ $side }) { $left }
clock-side-running = **{ $name } ({ $side })** ▶ { $left }, out <t:{ $at }:R>
clock-side-running-bank = **{ $name } ({ $side })** ▶ { $left }
clock-side-grace = **{ $name } ({ $side })** to make a first move, grace ends <t:{ $at }:R> (then { $left })

## The clock task's notices.
clock-ran-out = { $name }'s clock ran out.
clock-no-first-move = Game { $game } is aborted: { $name } ({ $side }) did not make a first move within { $minutes } minutes. No result is recorded.
clock-low-time = <@{ $id }>, { $left } left on your clock in game { $game } (it runs out <t:{ $at }:R>; the bot keeps the time).
clock-offline-to = { $who }: the bot was offline for { $span } during game { $game }; that time is given back and the clocks resume.
clock-offline = The bot was offline for { $span } during game { $game }; that time is given back and the clocks resume.

## Correspondence: the challenge's expiry, reminders, overdue, abandonment.
clock-challenge-expired = The challenge of game { $game } expired unanswered.
# $when: one of the four below; $by: clock-reminder-by or nothing.
clock-reminder = { $when } in Bao game #{ $game } in { $place } ({ $side } to move{ $by }). Move with `/bao move <move> game:{ $game }`, or see the board with `/bao board game:{ $game }`.
clock-half-gone = Half of your time is gone
clock-half-gone-bank = Half of your time is gone on your clock
clock-nearly-up = Your time is nearly up
clock-nearly-up-bank = Your time is nearly up on your clock
clock-reminder-by = { " " }by { $when }
clock-overdue = { $name }'s time in game { $game } ran out. { $who }, you may claim the win with `/bao claim`.
# $result: clock-abandoned-draw (with the rating lines after it) or clock-no-result.
clock-abandoned = Game { $game } is abandoned: nobody acted for a whole move period after the deadline. { $result }
clock-abandoned-draw = It counts as a draw.
clock-no-result = No result is recorded.
