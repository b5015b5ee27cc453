# Games in threads: the threads' announcements, why a game gets no thread, and the result
# line in the parent channel. $game: a game's number; $link: a link to a channel.

## Why games get no thread here ($names: the missing permissions).

threads-cause-missing = the bot lacks the { $names } permission in this channel
threads-cause-no-permission = the bot lacks the Create Public Threads or Send Messages in Threads permission in this channel
threads-cause-not-here = this kind of channel cannot hold threads
threads-cause-refused = Discord refused to open a thread here
threads-remedy-missing = ask a server admin to give the bot { $names } in this channel
threads-remedy-no-permission = ask a server admin to give the bot Create Public Threads and Send Messages in Threads in this channel
threads-remedy-not-here = play in a text channel, where each game gets a thread of its own
threads-remedy-refused = ask a server admin to check the bot's thread permissions in this channel

## A channel held by one game.

threads-held-challenge = Challenge { $game } is waiting in this channel
threads-held-game = Game { $game } is being played in this channel
threads-held-another = Another game holds this channel
threads-free-challenge = once challenge { $game } is answered
threads-free-game = once game { $game } is over
threads-free-another = once it is over
# $held: threads-held-*; $cause: threads-cause-*; $remedy: threads-remedy-*.
threads-challenge-held = { $held }, and games here get no thread of their own ({ $cause }), so this channel holds one game at a time. Finish game { $game } first (or challenge in another channel), or { $remedy }.
# $free: threads-free-*.
threads-accept-held = { $held }, and your game cannot get a thread of its own here ({ $cause }), so it cannot start: without threads a channel holds one game at a time. The challenge keeps waiting: accept it { $free }, or { $remedy }.
threads-same-challenge = A challenge between you and { $opponent } is already waiting here (game { $game }); it must be accepted, declined or withdrawn first.
threads-one-game = This thread belongs to game { $game }: a thread holds one game. Start a new game in <#{ $parent }> instead (in thread placement it gets a thread of its own).

## A command given in the channel for a game played in a thread ($command: a /bao command's name).

threads-yours-one = Your game { $game } against { $opponent } is played in its own thread, { $link }, not in this channel: give `/bao { $command }` there.
threads-yours-several = Your games here are played in threads of their own, not in this channel: give `/bao { $command }` in the game's thread.
threads-yours-line = - game { $game } against { $opponent }: { $link }

## /bao help topic:settings: whether games here get threads.

threads-line-no-front-end = Games in this channel get threads: **no** (this front end cannot open threads).
threads-line-channel = Games in this channel get threads: **no**: placement is `channel`, so each game is played in the channel it was challenged in, one at a time.
threads-line-yes = Games in this channel get threads: **yes**, each accepted challenge is played in a thread of its own.
threads-line-blocked = Games in this channel get threads: **no**: { $cause }, so games are played in this channel itself, one at a time. To change that, { $remedy }.

## A game's thread opened, or not.

threads-goes-on = Game { $game }: { $south } (South) vs { $north } (North) goes on in a thread of its own.
threads-opened = Game { $game }: { $south } (South) vs { $north } (North).
threads-played-here = Game { $game } is played here: { $south } (South) vs { $north } (North).
threads-dm-cause-no-permission = the bot lacks the Create Public Threads or Send Messages in Threads permission there
threads-dm-cause-not-here = that channel cannot hold a thread for it
threads-dm-cause-refused = Discord refused to open the thread
threads-dm-remedy-no-permission = A server manager can grant the permissions, or choose `/bao-settings placement channel`.
threads-dm-remedy-not-here = Games challenged in a text channel get threads of their own.
threads-dm-remedy-refused = A server manager can check the bot's thread permissions there, or choose `/bao-settings placement channel`.
threads-played-in-channel = Your game { $game } is played in { $link } itself, not in a thread of its own: { $cause }. { $remedy }
threads-another-game = another game
threads-the-game = game { $game }
# $held: threads-another-game or threads-the-game.
threads-not-placed = Game { $game } between { $south } and { $north } cannot start after all: { $cause }, and this channel already holds { $held }; without threads a channel holds one game at a time. Nothing was played and no result is recorded: challenge again once { $held } is over.

## The result line in the parent channel, and the end of the thread's name.

# $side: South or North (word-*); $reason: views-reason-* or end-*.
threads-result-beat = { $winner } ({ $side }) beat { $loser } ({ $reason })
threads-result-no-winner = { $south } and { $north } finished without a winner ({ $reason })
threads-result-stopped = { $south } vs { $north } was stopped without a result ({ $reason })
# $result: threads-result-*; $plies: the moves played.
threads-result = Game { $game } in { $link }: { $result }, after { $plies ->
    [one] { $plies } move
   *[other] { $plies } moves
}.
threads-outcome-won = { $winner } won
threads-outcome-no-winner = no winner
threads-outcome-stopped = stopped

