# The rules' own words: how a game ended, what a move did (its trace), why a typed move
# could not be played. Pits and moves are notation, passed as they are.

end-front-row-emptied = front row emptied
end-no-legal-move = no legal move
end-never-ending-move = never-ending move

## What a move did, in pieces joined by commas ($pit, $from, $kichwa: pits; $seeds: a number).

trace-sowed = { $pit } sowed { $seeds } { $direction }
trace-sowed-hand = { $pit } with a seed from hand sowed { $seeds } { $direction }
trace-sowed-two-piece = { $pit } sowed 2 (two-piece start) { $direction }
trace-sowed-two-piece-hand = { $pit } with a seed from hand sowed 2 (two-piece start) { $direction }
trace-used-house = used the nyumba { $pit } ({ $seeds })
trace-captured = captured { $seeds } from { $from }, sowed from { $kichwa }
trace-captured-won = captured { $seeds } from { $from }
trace-captured-hand = { $pit } with a seed from hand captured { $seeds } from { $from }, sowed from { $kichwa }
trace-captured-hand-won = { $pit } with a seed from hand captured { $seeds } from { $from }
# $times: word-times ("once", "twice", "3 times").
trace-relayed = relayed { $times }
trace-ended = ended in { $pit }
trace-house-stop = stopped in the nyumba { $pit }
trace-house-chose-stop = stopped in the nyumba { $pit } (nyumba stop)
trace-takasia-stop = stopped in the takasia pit { $pit }
trace-never-ended = never ended (512 sowing runs)
trace-wins = { $winner } wins: { $reason }
trace-takasia-set = takasia on { $pit }

## A typed move that could not be played ($asked: the move as typed; $form: move-form).

move-form = <pit> <left|right> [capture|takata] [stop|use], like `A4 left capture` or `a6 right`
move-illegal = { $asked } is not legal here: the only legal moves are { $legal } ({ $reason })
move-illegal-no-move = { $asked } is not legal here: { $reason }; there is no legal move
move-ambiguous = { $asked } could mean { $choices }: say which
move-game-over = the game is over: { $winner } has won
move-parse-empty = an empty move: write { $form }
move-parse-not-a-pit = `{ $word }` is not a pit: a move starts with a pit A1-A8 or B1-B8 (a1-b8 for North), then { $form }
move-parse-no-direction = `{ $text }` has no direction: write { $form }
move-parse-not-a-direction = `{ $word }` is not a direction: write left or right after the pit ({ $form })
move-parse-twice = `{ $text }` names the { $what } twice
move-word-kind = kind
move-word-house = nyumba choice
move-word-entry = entry
move-parse-not-a-move-word = `{ $word }` is not a move word: after the pit and direction only capture, takata, stop, use, enter-left or enter-right may follow ({ $form })
move-parse-no-kind = `{ $text }` has no kind word: add capture or takata
# Anything else the rules could not read (a pit, side or position), said by the engine.
move-parse-other = { $text }

## Why a move that reads is not legal.

illegal-game-over = the game is over, { $winner } has won
illegal-not-your-pit = { $pit } is { $owner }'s pit and it is { $turn }'s turn
illegal-house-choice-needed = this capture reaches the owned nyumba with nothing to capture: add stop or use
illegal-no-house-choice = the nyumba choice (stop/use) does not arise in this move
illegal-entry-needed = its first capture is at pits 3-6: add enter-left or enter-right
illegal-no-entry-choice = the entry choice (enter-left/enter-right) does not arise in this move
illegal-namua-back-pit = in namua a seed from hand goes into a front pit; back pits never start
illegal-empty = { $pit } is empty
illegal-capture-compulsory = a capture is compulsory
illegal-no-capture = there is no capture in this position
illegal-does-not-capture = { $pit } { $direction } does not capture
illegal-single = { $pit } holds 1 seed; a move needs 2 or more
illegal-takasia = { $pit } is the takasia target this turn
illegal-owned-house = an owned nyumba with 6 or more is not a normal start
illegal-namua-single = { $pit } holds 1 seed while a front pit holds 2 or more
illegal-lone-kichwa = { $pit } may not be sown { $direction } (the only occupied front pit, a kichwa, may not be sown toward the back row)
illegal-back-pit = a back pit may start only when no front pit holds 2 or more
illegal-not-listed = it is not one of them
