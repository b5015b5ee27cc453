# The pictures' own words: the board's header and legend, the sowing captions of a GIF, the
# text board, the evaluation graph. Each is rendered once per picture with its values left
# as `{name}` for the picture to fill in (src/app/picture_words.rs).

picture-wins = { $side } wins
picture-game-over = GAME OVER
picture-rules = rules { $rules }
picture-ply = ply { $ply }
picture-hand = hand { $seeds }
picture-takasia = takasia: { $pit } may not be started this turn
picture-last-move = Last move
picture-mark-start = start
picture-mark-captured = captured
picture-mark-entered = entered
picture-mark-end = end
picture-plays = { $name } plays { $move }
picture-from-hand = { $name }: a seed from hand into { $pit } · { $hand } left in hand
picture-lifts = lifts { $seeds } from { $pit }, sowing { $direction }
picture-lifts-two-piece = two-piece start: lifts { $seeds } from { $pit }, sowing { $direction }
picture-lifts-relay = relay: lifts { $seeds } from { $pit }, sowing { $direction }
picture-lifts-house = nyumba use: lifts { $seeds } from { $pit }, sowing { $direction }
picture-sows-into = sows into { $pit }
picture-seeds-to-sow = { $seeds ->
    [one] { $seeds } seed to sow
   *[other] { $seeds } seeds to sow
}
picture-captures = captures { $seeds } from { $from }, sown from { $kichwa }
picture-captures-won = captures { $seeds } from { $from }: the front row is empty
picture-lap = sowing run { $run } of { $runs } · ended in { $pit }
picture-stop-empty = { $pit } was empty: the move ends
picture-stop-house = stops in the nyumba { $pit }
picture-stop-house-choice = nyumba stop in { $pit }
picture-stop-takasia = { $pit } is the takasia pit: the move stops
picture-never-ending = never-ending move ({ $runs } sowing runs): { $name } wins
picture-ply-line = Ply { $ply } · { $move }
picture-start-position = Start position
# Under a board: a correspondence deadline ($when: a UTC date), or why a game over has no winner.
picture-caption-deadline = { $name } to move by { $when } UTC
picture-caption-no-winner = Game over: no winner
picture-caption-stopped = Game stopped: no result
picture-text-to-move = <- to move
picture-no-winner = Game over, no winner
picture-graph-ply = ply
picture-namua = namua
picture-mtaji = mtaji
picture-accuracy = accuracy { $percent }%
picture-expected-score = South's expected score
picture-mistake = mistake
picture-blunder = blunder
picture-nodes = { $nodes } nodes a move
picture-nobody-yet = nobody yet
