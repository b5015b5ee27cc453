# /bao help and its topics (rules, notation). One message a line; the code joins them.
# Commands and options stay as registered: only the explanations are translated.

help-playing = **Playing: `/bao`**
help-challenge = `/bao challenge @someone [variant] [side] [time_per_move] [rules] [rated] [hints] [clock] [cap]`: challenge someone here (time: 30m .. 14d per move; clock: 5+3 = minutes + seconds a move, or 3d+1d; rules: v0.2 or r002; hints: unrated only), in a thread of its own where allowed
help-accept = `/bao accept`, `/bao decline`: answer a challenge (or use its buttons)
help-move = `/bao move A4 left capture`: a move (`/bao help topic:notation` says how); or the buttons under the board
help-board = `/bao board`, `/bao moves`, `/bao history`: the board, the legal moves, the record
help-end = `/bao resign`, `/bao draw [decline]` (offer or accept), `/bao abort` (before each side has moved twice), `/bao claim` (opponent's time ran out)
help-ai = `/bao ai [level] [side] [variant] [rules] [clock]`: play the AI here (levels below; default medium)
help-hint = `/bao hint`: a private hint (against the AI, or agreed by hints:yes); `/bao takeback`: take back your move (against the AI, or if the opponent agrees)
help-games = `/bao games`: your games; `/bao prefs [notify] [animations] [orientation] [language]`: your preferences
help-help = `/bao help [topic]`: this page, or `topic:rules`, `topic:notation`, `topic:settings` (this server's), `topic:about`
help-studying = **Studying**: `/bao-replay [game] [from] [to]` (a game as a GIF), `/bao-analyze [game]`, `/bao-learn [lesson]`, `/bao-puzzle [theme] [variant] [daily]`
help-ratings = **Ratings**: `/bao-stats [@someone] [variant]`, `/bao-leaderboard [variant] [server|global]`
help-events = **Events**: `/bao-tournament create|join|standings|…` (round robins, Swiss)
help-server = **Server**: `/bao-settings <setting> <value>` changes a setting (Manage Server)

## The AI levels (after the commands).

help-levels = **AI levels** (Elo in Kiswahili / Kujifunza):
# $name: the level as typed; $elo, $elo_kujifunza: ratings; $about: level-about-*.
help-level = `{ $name }` { $elo } / { $elo_kujifunza }: { $about }
level-about-beginner = looks one move ahead and often misses the best capture
level-about-easy = looks one move ahead, sometimes misses the best capture
level-about-casual = a short search, now and then a weaker move
level-about-medium = a small search with a little noise
level-about-hard = a full search of 60k nodes
level-about-master = the full strength the time allows

## /bao help topic:rules

rules-title = **Bao la Kiswahili in short**
rules-board = Four rows of eight pits; you own the two nearest you (front row A, back row B; North has a and b). Pits are numbered 1-8 from your own left. A5 is your nyumba (house), drawn square.
rules-namua = **Namua** (while you have seeds in hand): add one seed to a front pit. If a front pit of yours faces an occupied pit, you must capture: add the seed there, take the facing seeds and sow them from a kichwa (end pit 1 or 8; at pits 3-6 you choose: `left` enters at pit 1). Otherwise play a takata: add the seed to a pit and sow it left or right.
rules-mtaji = **Mtaji** (both hands empty): sow a pit with 2 or more. Captures are compulsory: a start whose first sowing ends in an occupied front pit facing seeds.
rules-sowing = **Sowing**: when the last seed lands in an occupied pit you capture (in a capturing move, if seeds face it) or lift the pit and sow on; the move ends in an empty pit.
rules-nyumba = **Nyumba**: while owned with 6+, a namua takata stops in it; a capture ending there with nothing to take lets you `stop` or `use` it.
rules-takasia = **Takasia**: after a mtaji takata, if you threaten exactly one of the opponent's pits, they may not start from it next turn (marked T).
rules-winning = **Winning**: empty the opponent's front row, or leave them without a legal move.
rules-kujifunza = The learner's game (kujifunza): 2 seeds in every pit, no hand, no nyumba.
rule-sets-title = **Rule sets**: every game is played under one, chosen when it starts (`rules` option of `/bao challenge` and `/bao ai`; a server may set its default).
rule-sets-v02 = `v0.2` (the default): the rules above, with takasia.
rule-sets-r002 = `r002`: the older R-002 rules: the same game without takasia: after a mtaji takata no pit is ever barred, so every start is allowed and no sowing stops at a marked pit. Nothing else differs.

## /bao help topic:notation ($a, $b: the example moves, legal first moves).

notation-form = **Writing a move**: `/bao move <pit> <left|right> [capture|takata] [stop|use] [enter-left|enter-right]`; the buttons under the board write it for you.
notation-pit = **Pit**: `A` is your front row and `B` your back row, pits 1-8 from your own left; A5 is your nyumba (house). North's pits are printed `a` and `b`, but case is ignored: on your turn `a4` means your own A4.
notation-direction = **Direction**, seen from your side: `right` runs along your front row from pit 1 to pit 8, then back along your back row; `left` is the other way round (`l` and `r` work too). In a namua capture it says where the captured seeds enter instead: `left` at pit 1, `right` at pit 8.
notation-kind = **Kind**: `capture`, or `takata` for a move that captures nothing.
notation-house = **`stop` or `use`** (Bao la Kiswahili, namua): when a capturing move's sowing ends in your own nyumba holding 6 or more, with nothing to capture there, `stop` ends the move in the house and `use` lifts its seeds and sows on (the house is then no longer yours).
notation-entry = **`enter-left` or `enter-right`** (Bao la Kujifunza): where the seeds of a move's first capture enter when it is made at pits 3-6: pit 1 or pit 8.
notation-short = Any word after the direction may be left out when only one legal move fits; `/bao moves` lists the legal moves written out in full.
notation-examples = Examples: `{ $a }` (a first move of Bao la Kiswahili), `{ $b }` (a first move of Bao la Kujifunza).

## After a game against the AI: the next level up, or one down after losses in a row.
# $level: a level with its rating, `casual (1200)`; $up, $down: level names.
ladder-beat-next = You beat { $level }. Ready for the next step? `/bao ai { $up }` is rated { $rating }.
ladder-beat-top = You beat { $level }, the strongest level!
ladder-step-down = { $losses } losses in a row against { $level }: `/bao ai { $down }` (rated { $rating }) is a step down.

## The AI as a player: its name (`AI (beginner)`) and its levels' names where a person reads
## them (typed options stay `beginner`, `easy`, ...).
ai-name = AI ({ $level })
ai-level-beginner = beginner
ai-level-easy = easy
ai-level-casual = casual
ai-level-medium = medium
ai-level-hard = hard
ai-level-master = master
