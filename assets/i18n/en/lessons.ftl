# The course of /bao-learn (src/lessons/): each lesson's title, intro (what its demonstration
# shows) and task goals, by number. The English is the course's own text in
# src/lessons/{kujifunza,kiswahili}.rs, word for word (tested in tests/it/lessons.rs).

## Lesson 1
lesson-1-title = The board and its pits
lesson-1-intro = You are South. Your front row A (A1 to A8, numbered from your own left) faces North's front row a; your back row B is behind it. A move lifts all the seeds of one of your pits holding 2 or more and sows them one by one into the next pits: here A6 sows 2 to the left, into A5 and A4.
lesson-1-task-1 = Start a move from A3, the third pit of your front row (either way).
lesson-1-task-2 = Start a move from your back row: from B3.

## Lesson 2
lesson-2-title = Left, right and the loop
lesson-2-intro = Your 16 pits make one loop. RIGHT runs along your front row from A1 to A8, round into B8 and back along the back row to B1, then into A1 again; LEFT is the reverse. Here B1 sows 4 to the right: round the corner into A1, A2, A3 and A4.
lesson-2-task-1 = Make a move that ends in B8, the corner of your back row.
lesson-2-task-2 = Sow from the back row round the corner into your front row: make a move that ends in A2.

## Lesson 3
lesson-3-title = Relay sowing
lesson-3-intro = When your last seed falls in an occupied pit and nothing is captured, lift all the seeds of that pit and sow on in the same direction: a relay. The move ends when the last seed falls in an empty pit. Here A3 sows into A4, A5 and A6, relays A6's 3 seeds, and ends in B8.
lesson-3-task-1 = Make a move that relays at least twice.
lesson-3-task-2 = Make a move that relays at least 3 times.

## Lesson 4
lesson-4-title = A capture
lesson-4-intro = If your last seed falls in an occupied pit of your front row and the North pit facing it holds seeds too, you capture: take all the seeds of North's pit and sow them into your own front row. Front pit A1 faces a8, A4 faces a5, A8 faces a1. Here A5 ends in A7 and captures the 3 seeds of a2.
lesson-4-task-1 = Capture the 3 seeds in a4.
lesson-4-task-2 = Capture with a move from your back row: B2's seeds run round into your front row.

## Lesson 5
lesson-5-title = The kichwa: where captured seeds come in
lesson-5-intro = Captured seeds come in at a kichwa (plural vichwa), an end pit of your front row: the first seed into the kichwa itself, then on inwards. A capture at pit 1 or 2 (pit 2 is a kimbi) comes in at A1, at pit 7 or 8 at A8; at pits 3 to 6 you choose: enter-left (A1) or enter-right (A8). Here A1 captures at A3 and its seeds enter at A8.
lesson-5-task-1 = Capture a4 and bring the seeds in at A8 (enter-right).
lesson-5-task-2 = Capture at your kimbi A2: those seeds must come in at A1.

## Lesson 6
lesson-6-title = Capture chains
lesson-6-intro = After a capture, look where the last captured seed fell: in an occupied front pit facing an occupied pit you capture again. At pits 3 to 6 a later capture keeps the direction (sowing left it enters at A8, sowing right at A1). Here B7 captures a3, then a2.
lesson-6-task-1 = Make two captures in one move.
lesson-6-task-2 = Make three captures in one move.

## Lesson 7
lesson-7-title = You must capture
lesson-7-intro = If any of your moves captures with its first sowing, you must play a capture; no other move is allowed. Look at the back row too: its seeds can run round into the front row, as B6's do here.
lesson-7-task-1 = A capture is possible here, so you must capture: find the move that does.
lesson-7-task-2 = Capture both a4 and a2 in one move.

## Lesson 8
lesson-8-title = A quiet move
lesson-8-intro = When no move captures with its first sowing, you play a quiet move. A quiet move never captures, even when a later sowing ends in front of North's seeds: it relays on. Here A1's second sowing ends in A5, facing a4, and simply relays.
lesson-8-task-1 = Make a quiet move that relays at least 3 times.
lesson-8-task-2 = Make a quiet move that ends in B8.

## Lesson 9
lesson-9-title = Winning
lesson-9-intro = You win when North's front row is empty (at once, even in the middle of a move) or when North has no legal move: every North pit holds 0 or 1. A move that empties your own front row loses. Here three captures empty North's front row.
lesson-9-task-1 = Win in one: empty North's front row.
lesson-9-task-2 = Win in one by leaving North without a move.
lesson-9-task-3 = Bring seeds from your back row into your front row: make a move that ends in A4. Careful: a move that empties your own front row loses at once.
lesson-9-task-4 = North captured your A4. Strike back: make two captures in one move.

## Lesson 10
lesson-10-title = The start and the seeds in hand
lesson-10-intro = Bao la Kiswahili starts with 6 seeds in your nyumba (the house, the square pit A5), 2 in A6 and A7, and 22 in your hand. In namua, the first stage, every turn brings one seed from your hand into your front row. A move that does not capture is a takata: here A7 gets a seed from hand and sows its 3 to the left.
lesson-10-task-1 = Make the opening move that ends in A3.
lesson-10-task-2 = Open with a takata that runs round the corner and ends in B7.

## Lesson 11
lesson-11-title = Namua captures
lesson-11-intro = In namua, if a pit of your front row with seeds faces a North pit with seeds, you must capture: the seed from hand goes into your pit, which keeps its seeds, and North's seeds are sown from a kichwa. At pits 3 to 6 the direction word names the entry: left enters at A1, right at A8. Here A6 captures a3 and enters at A8.
lesson-11-task-1 = Capture the 6 seeds of North's nyumba, a5.
lesson-11-task-2 = Capture a3 and bring its seeds in at A1.
lesson-11-task-3 = Make three captures in one move.

## Lesson 12
lesson-12-title = Takata and where it may start
lesson-12-intro = With no capture, play a takata: add a seed from hand to a front pit and sow. Start from a front pit holding 2 or more; a single seed may start only when no front pit holds 2 or more, or while you still own your nyumba. A takata never captures, and a kichwa (A1 or A8) that is your only occupied front pit may not be sown toward your back row. Here A3 sows 4 to the right, into A4 to A7, and relays A7.
lesson-12-task-1 = Make a takata that ends in A4.
lesson-12-task-2 = Make a takata that ends in your back row, in B2.
lesson-12-task-3 = A8 is your only occupied front pit. A kichwa standing alone may not be sown toward your back row (A8 right is refused): play the takata it allows.

## Lesson 13
lesson-13-title = The nyumba: stop or use
lesson-13-intro = While you own your nyumba (6 or more seeds) it has rules of its own in namua. A takata that ends there stops. A capture whose sowing ends there with nothing to capture lets you choose: stop (NYUMBA STOP), or use it (NYUMBA USE, the safari: lift its seeds and sow on; the house is then no longer owned). Here A2 captures 5 and stops in the nyumba.
lesson-13-task-1 = Go on safari: capture, then use your nyumba and sow on.
lesson-13-task-2 = Make a takata that stops in your nyumba.
lesson-13-task-3 = Your nyumba is your only occupied front pit: play the two-piece start (a seed from hand, then lift just 2) so that the move ends in A7.

## Lesson 14
lesson-14-title = The change to mtaji
lesson-14-intro = When both hands are empty the game enters mtaji, its second stage: no more seeds from hand, and a move lifts all the seeds of any of your 16 pits holding 2 or more. Your hand empties first; North's last namua turn follows. Here your last seed from hand captures a5.
lesson-14-task-1 = Play your last seed from hand: capture North's a8.
lesson-14-task-2 = Mtaji: both hands are empty. Capture twice in one move.

## Lesson 15
lesson-15-title = Mtaji captures and the kichwa
lesson-15-intro = In mtaji a capture starts from a pit with 2 to 15 seeds whose first sowing ends in an occupied front pit facing an occupied pit; if one exists you must capture. At pits 3 to 6 there is no choice of kichwa: sowing right the seeds enter at A1, sowing left at A8. Here A2 sows right, captures a5 at A4, and enters at A1.
lesson-15-task-1 = Capture a5 so that its seeds come in at A8.
lesson-15-task-2 = Capture from your back row.

## Lesson 16
lesson-16-title = Takata in mtaji: where it may start
lesson-16-intro = In mtaji, with no capture, a takata starts from a front pit holding 2 or more (16 or more too); a back pit may start only when no front pit holds 2 or more. A pit of 16 or more never captures. Here no front pit holds 2, so B6 starts: it sows 2 into B7 and B8, relays B8's 5 seeds and ends in A4.
lesson-16-task-1 = No front pit holds 2 or more, so this time a back pit may start your takata. Make the one that ends in A2.
lesson-16-task-2 = North's captures left only single seeds in your front row, so the back row may start again. Make the takata from B8 that runs round the corner into your front row.
lesson-16-task-3 = A3 holds 17 seeds. Either way its first sowing ends in an occupied front pit facing North's seeds, but a pit of 16 or more never captures (only 2 to 15 can), so it plays a takata. Make the one that ends in A8.

## Lesson 17
lesson-17-title = Takasia
lesson-17-intro = After a mtaji takata, if your opponent has no capture and you threaten exactly one of their pits, that pit becomes takasia: on their next turn they may not start from it, and a sowing whose last seed lands in it stops there. The board marks it T. Here A2's takata threatens only a5.
lesson-17-task-1 = Make a takata from A6 that puts the takasia on North's a5.
lesson-17-task-2 = Your A4 is takasia (T): it may not start this turn. Make the move whose last seed stops in it.

## Lesson 18
lesson-18-title = Ending the game
lesson-18-intro = You win when North's front row is empty, or when North has no legal move (in mtaji: every North pit holds 0 or 1). Seeds are never counted, and a move that never ends (more than 512 sowing runs after its first) loses for its mover. Here B7's captures leave North with single seeds only.
lesson-18-task-1 = Win in one: empty North's front row.
lesson-18-task-2 = Win in one by leaving North without a move.
lesson-18-task-3 = One of your moves from A4 never ends, and a move that needs more than 512 sowing runs after its first loses for its mover. Play A4 the way that ends.
