# /bao-tournament (src/app/commands/tournament.rs, tournament_rounds.rs). $id: an event's
# number; $title: its number and name, like "3 · Spring Open".

button-join = Join
button-leave = Leave
event-format-round-robin = round robin
event-format-double-round-robin = double round robin
event-format-swiss = Swiss, { $rounds } rounds
# $span: a duration, like 1 day.
event-per-move = { $span } per move
event-no-time-limit = no time limit
event-rule-set = { $name }{ $takasia ->
    [yes] {""}
   *[no] {" "}(no takasia)
}
event-not-in-dms = Tournaments are played in a server's channel, not in DMs: use `/bao-tournament` in the channel the event is (or will be) announced in.
event-organisers-only = Only the organiser of { $id } ({ $organiser }) or members with Manage Server can do that.
event-no-such = There is no tournament #{ $id } in this server: `/bao-tournament info` in an event's channel shows its number.
event-none-here = No tournament is running or open in this channel: `/bao-tournament create` makes one, or name one with `event:NUMBER`.
event-several-here = This channel has { $n } tournaments ({ $list }): name one with `event:NUMBER`.
event-name-length = An event needs a name of 1 to { $max } characters: `name:Spring Open`.
event-format-example = . For example `format:swiss rounds:5` or `format:round-robin`.
event-bad-round-time = `{ $typed }` is not a round time: write an amount of at least an hour, like 12h or 7d.
event-bad-signup-time = `{ $typed }` is not a sign-up time: write how long sign-up stays open, like 2h or 3d.
event-max-players-min = `max-players` must be at least 2.
event-round-robin-max = A round robin takes at most { $max } players: lower `max-players`, or make it `format:swiss`.
event-starts-at-signup-close = Sign-up closes { $when } and the event starts then.
event-starts-when-full = It starts when { $n } players have joined.
event-starts-by-organiser = The organiser starts it with `/bao-tournament start`.
# $game: Bao la Kiswahili or Bao la Kujifunza; $rated: yes or no; $start: event-starts-*.
event-announced = **Tournament { $title }** by { $organiser }: { $game }, { $rules }, { $format }, { $time }{ $rated ->
    [yes] , rated
   *[no] , casual
}. { $start }
    Press **Join** to play (or `/bao-tournament join`).
event-joins = { $name } joins tournament { $title } ({ $n ->
    [one] { $n } player
   *[other] { $n } players
}).
event-full-starts = It is full and starts now.
event-already-in = You are already signed up for tournament { $title }. `/bao-tournament leave` takes you off before it starts.
event-full = Tournament { $id } is full ({ $n } players): ask the organiser for another event.
event-leaves = { $name } leaves tournament { $title }.
event-not-signed-up = You are not signed up for tournament { $id }: press Join to play.
event-started-withdraw = Tournament { $id } has started: `/bao-tournament withdraw` leaves it (your game being played is resigned).
event-taken-off = { $name } is taken off tournament { $id }.
event-they-are-not-signed-up = { $name } is not signed up for tournament { $id }.
event-not-playing = { $name } is not playing in tournament { $id }.
# $by_self: yes when they withdrew, no when an organiser removed them.
event-withdrawn = { $name } { $by_self ->
    [yes] withdraws from
   *[no] is removed from
} tournament { $id }: a game being played is resigned, and no more games are paired for them; finished games stand.
event-too-few = Tournament { $id } has { $n ->
    [one] { $n } player
   *[other] { $n } players
}: it needs at least 2 to start.
event-swiss-too-few = A Swiss event of { $rounds } rounds needs at least { $need } players so that nobody meets twice; it has { $n }.
event-starts = Tournament { $title } starts.
# $status, $from: event-status-*; $pause: yes (pause) or no (resume).
event-cannot-pause = Tournament { $id } is { $status }: only a { $from } event can be { $pause ->
    [yes] paused
   *[no] resumed
}.
event-paused = Tournament { $id } is paused: games go on, but no new round starts until `/bao-tournament resume`.
event-resumed = Tournament { $id } goes on.
event-cancelled-by = { $name } cancels tournament { $title }. Games being played go on, but count for no event.
event-not-started = Tournament { $id } has not started: `/bao-tournament info` lists who has joined.
event-nobody = nobody
event-standings = **Standings of tournament { $id }** after { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}: { $leader } leads.
event-no-round-yet = Tournament { $id } has no round yet.
event-round-title = **Round { $round } of tournament { $id }**
event-info = **Tournament { $title }**: { $game }, { $format }, { $time }; { $status }, round { $round } of { $rounds }.
    Players ({ $n }): { $players }
event-create-makes-one = `/bao-tournament create` makes a new event.
event-status-signup = open for sign-up
event-status-running = running
event-status-paused = paused
event-status-finished = finished
event-status-cancelled = cancelled
event-closed-signup = Sign-up for tournament { $id } has closed: it starts soon.
event-closed-started = Tournament { $id } has already started: sign-up is over. Watch with `/bao-tournament standings`.
event-closed-finished = Tournament { $id } is finished: `/bao-tournament standings event:{ $number }` shows how it ended.
event-closed-cancelled = Tournament { $id } was cancelled.

## Rounds and the end (tournament_rounds.rs).

# $south, $north, $who: mentions.
event-board = Board { $board }: { $south } (South) v { $north } (North)
event-board-game = , game { $game }
event-bye = Bye (a win): { $who }
event-sits-out = Sits out: { $who }
event-round-of = **Round { $round } of { $title }**
event-you-play-south = you play **South** (you move first) against { $opponent } in game { $game }
event-you-play-north = you play **North** against { $opponent } in game { $game }
event-you-have-the-bye = you have the bye (a win) this round
event-you-sit-out = you sit out this round
# $what: event-you-*.
event-ping = { $who }: round { $round } of { $title }: { $what }.
event-winner = { $name } wins
event-winners-share = { $names } share first place
# $points: like 4½; $one: yes when it is exactly 1.
event-over = 🏆 **Tournament { $title } is over.** { $who } with { $points } { $one ->
    [yes] point
   *[no] points
}. Final crosstable:
# $why: what blocks the pairing, in English (the store's words).
event-unpairable = { $organiser }: tournament { $title } is paused: { $why }. No more rounds can be played: `/bao-tournament standings` shows where it stands, and `/bao-tournament cancel` ends it.
event-signup-too-few = Sign-up for tournament { $title } closed with fewer than 2 players: it is cancelled.

## The crosstable picture's words.

table-player = Player
table-points = Pts
table-sb = SB
table-bh = Bh
table-bye = bye
# $format: table-format-*.
table-subtitle = { $format } · { $players } players · { $rounds } rounds
table-footer = Pts points · SB Sonneborn–Berger · Bh Buchholz; ties then by direct encounter
table-format-round-robin = Round robin
table-format-double-round-robin = Double round robin
table-format-swiss = Swiss
event-round-robin-full = { $title } is full: a round robin takes at most { $max } players. Ask the organiser for a `format:swiss` event to play with more.
event-round-robin-too-many = { $title } has { $n } players, and a round robin takes at most { $max }: it cannot start. Make a `format:swiss` event for them instead.
