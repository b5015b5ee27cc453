# Words used everywhere: sides, directions, the game's own terms, lists.

word-south = South
word-north = North
word-left = left
word-right = right
word-capture = capture
word-takata = takata
word-times = { $n ->
    [1] once
    [2] twice
   *[other] { $n } times
}
# "A, B or C": $first is the list before the last item.
word-or = { $first } or { $last }
word-and = { $first } and { $last }
side-to-move = { $side } to move
