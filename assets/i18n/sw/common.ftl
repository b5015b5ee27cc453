# Maneno ya kila mahali: pande, maelekezo, istilahi za mchezo, orodha.

word-south = Kusini
word-north = Kaskazini
word-left = kushoto
word-right = kulia
word-capture = kula
word-takata = takata
# Chaguo la nyumba kwa maneno ($chosen, $wanted za learn-miss-house).
word-house-stop = kusimama (`stop`)
word-house-use = safari (`use`)
word-times = { $n ->
    [1] mara moja
    [2] mara mbili
   *[other] mara { $n }
}
word-or = { $first } au { $last }
word-and = { $first } na { $last }
side-to-move = Zamu ya { $side }
# Siku ya wiki kama tarehe zinavyoionyesha; $day: 1 (Jumatatu) hadi 7 (Jumapili).
weekday = { $day ->
    [1] Jumatatu
    [2] Jumanne
    [3] Jumatano
    [4] Alhamisi
    [5] Ijumaa
    [6] Jumamosi
   *[7] Jumapili
}

# Urefu wa muda, kwa vipimo kamili (siku 1 saa 2).
# span-none: chini ya sekunde moja.
span-none = hakuna muda
span-days = { $n ->
    [one] siku { $n }
   *[other] siku { $n }
}
span-hours = { $n ->
    [one] saa { $n }
   *[other] saa { $n }
}
span-minutes = { $n ->
    [one] dakika { $n }
   *[other] dakika { $n }
}
span-seconds = { $n ->
    [one] sekunde { $n }
   *[other] sekunde { $n }
}
