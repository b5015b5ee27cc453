# /bao-puzzle (src/app/commands/puzzle.rs, src/puzzles/).

## A puzzle's goal ($side: word-south or word-north).

puzzle-goal-win-in = { $side } to move: win in { $n }
puzzle-goal-defence = { $side } to move: find the only move that does not lose
puzzle-goal-best = { $side } to move: find the best move{ $n ->
    [1] {""}
   *[other] {" "}({ $n } moves)
}

## Replies.

puzzle-not-yours = These buttons belong to someone else's puzzle. Get your own with `/bao-puzzle`.
puzzle-old-attempt = That puzzle board is over. `/bao-puzzle` gives you a new puzzle.
# $player, $puzzle: rating changes, like 1500 → 1512 (+12).
puzzle-rated = Your puzzle rating: { $player }. The puzzle's: { $puzzle }.
puzzle-repeat-not-rated = (A repeat: not rated.)
puzzle-seen-all = You have seen every puzzle of this kind: here is one again (not rated).
puzzle-none-of-that-kind = No puzzle has that theme and variant yet.
puzzle-none-yet = There are no puzzles yet.
puzzle-of-the-day = **The puzzle of the day.**
# $game: the game's name; $rated: yes or no.
puzzle-head = **Puzzle { $id }** ({ $game }, rating { $rating }, { $rated ->
    [yes] rated
   *[no] a repeat, not rated
}): { $goal }
puzzle-the-puzzle = The puzzle: { $goal }
puzzle-go-on = Go on: { $goal }
puzzle-solved = Solved! You: { $trace }
puzzle-not-this-one = Not this one. You: { $trace }
puzzle-the-answer-was = The answer was { $mv }; the whole line is animated.
puzzle-caption = Puzzle { $id }
button-another-puzzle = Another puzzle
puzzle-allowed-end = It ended the game.
puzzle-wins-in = { $winner } wins in { $n }
puzzle-wins-at-once = { $winner } wins: every move of { $loser } loses at once
puzzle-allowed-win = It allowed { $win }: { $side } plays { $mv }.
puzzle-allowed-answer = It allowed { $side }'s answer { $mv }: { $trace }
puzzle-allowed-no-move = It left your opponent without a move.
puzzle-allowed-caption = Your move { $mv } allowed this
puzzle-record = Puzzles: rating **{ $rating }**, { $solved } solved of { $tried }, streak { $streak } (best { $best }).

## The daily puzzle (/bao-settings daily_puzzle, the daily post).

daily-form = write `/bao-settings daily_puzzle #channel HOUR` (HOUR in UTC, 0 to 23), or `off`
daily-not-a-channel = `{ $word }` is not a channel: { $form }
daily-not-an-hour = `{ $word }` is not an hour from 0 to 23: { $form }
# $channel: a channel mention; $hour: like 09:00.
daily-set = The daily puzzle will be posted in { $channel } every day at { $hour } UTC.
daily-off = No daily puzzle is posted in this server any more.
daily-post = **The puzzle of the day** (rating { $rating }): { $goal }
    Press the button to solve it; only you see your attempt.
button-solve-it = Solve it
