# Words used everywhere: sides, directions, the game's own terms, lists.

word-south = South
word-north = North
word-left = left
word-right = right
word-capture = capture
word-takata = takata
# The nyumba choice in prose ($chosen, $wanted of learn-miss-house).
word-house-stop = STOP
word-house-use = USE
word-times = { $n ->
    [1] once
    [2] twice
   *[other] { $n } times
}
# "A, B or C": $first is the list before the last item.
word-or = { $first } or { $last }
word-and = { $first } and { $last }
side-to-move = { $side } to move
# A day of the week as dates show it; $day: 1 (Monday) to 7 (Sunday).
weekday = { $day ->
    [1] Mon
    [2] Tue
    [3] Wed
    [4] Thu
    [5] Fri
    [6] Sat
   *[7] Sun
}

# A length of time, in whole units (1 day 2 hours).
# span-none: less than a second (a clock with no increment, a bank run dry).
span-none = no time
span-days = { $n ->
    [one] { $n } day
   *[other] { $n } days
}
span-hours = { $n ->
    [one] { $n } hour
   *[other] { $n } hours
}
span-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
span-seconds = { $n ->
    [one] { $n } second
   *[other] { $n } seconds
}
