# Ratings: /bao-stats, /bao-leaderboard, and the rating changes after a rated game.
# $game: ratings-game; $record: ratings-wld; results like 7-3-1 are wins-losses-draws.

# A variant's ratings ($rules: a rule set other than v0.2, like r002).
ratings-game = { $variant }
ratings-game-rules = { $variant } (rules { $rules })
ratings-scope-server = this server
ratings-scope-global = everywhere
ratings-wld = { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}, { $losses ->
    [one] { $losses } loss
   *[other] { $losses } losses
}, { $draws ->
    [one] { $draws } draw
   *[other] { $draws } draws
}
# $changes: each player's name with their change, like Asha 1500 → 1662 (+162).
ratings-change-both = Rating change (this server and everywhere): { $changes }
# $scope: ratings-scope-*.
ratings-change = Rating change ({ $scope }): { $changes }

## /bao-leaderboard.

ratings-no-server = There is no server here: in DMs only the global leaderboard exists. Try `/bao-leaderboard scope:global`.
# A player whose name is unknown.
ratings-user = user { $id }
ratings-rank = You are #{ $rank } of { $total }.
ratings-unranked-none = You are not ranked yet: play { $min } rated games here to be.
ratings-unranked-games = You are not ranked yet: { $n ->
    [one] { $n } more rated game
   *[other] { $n } more rated games
} needed.
# $rd: the rating deviation.
ratings-unranked-provisional = You are not ranked yet: your rating { $rating } is provisional (RD { $rd }; ranked below 110).
ratings-table-title = Leaderboard · { $game }
ratings-table-server = This server · { $total ->
    [one] { $total } ranked player
   *[other] { $total } ranked players
}
ratings-table-global = All servers and DMs · { $total ->
    [one] { $total } ranked player
   *[other] { $total } ranked players
}
# The table's column titles (# and RD stay as they are).
ratings-column-player = Player
ratings-column-rating = Rating
ratings-column-games = Games
ratings-ranked-rule = Ranked: { $min }+ rated games and a rating that is not provisional (RD below 110).
ratings-leaderboard = **Leaderboard of { $game }**, { $scope }: { $total ->
    [one] { $total } ranked player
   *[other] { $total } ranked players
}.
ratings-top = Top: { $name } ({ $rating }).

## /bao-stats.

ratings-bot = { $name } is a bot and plays no games; `/bao-stats` shows a person's games.
ratings-stats-head = **{ $name }** at { $game }
ratings-label-server = Rating in this server
ratings-label-global = Rating everywhere
ratings-stats-unrated = { $label }: { $rating } (no rated games yet)
# $rd: the deviation; $rank: ratings-stats-rank or nothing.
ratings-stats-rating = { $label }: **{ $rating }** ± { $rd } ({ $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}: { $record }{ $rank })
ratings-stats-rank = , #{ $rank } of { $total }
ratings-no-games = No finished games of { $game } yet.
# $south, $north: results like 7-3-1.
ratings-people = Against people: { $games ->
    [one] { $games } game
   *[other] { $games } games
} ({ $rated } rated): { $record }; as South { $south }, as North { $north } (W-L-D)
# $list: each time control with its results, like 5+3 2-1-0.
ratings-by-clock = By time control (W-L-D): { $list }
ratings-no-clock = no clock
ratings-streak = Winning streak: { $now } now, best { $best }
# $results: letters, newest first (ratings-letter-*).
ratings-last = Last { $n } (newest first): { $results }
ratings-letter-win = W
ratings-letter-loss = L
ratings-letter-draw = D
ratings-h2h-none = You have not finished a game against { $name } yet.
ratings-h2h = You against { $name }: { $record }
# $list: each AI level with its results, like easy 3-0-0.
ratings-ai = Against the AI (never rated): { $list } (W-L-D)
# Beside a rating in a board's header: the game is not rated.
ratings-casual = casual
