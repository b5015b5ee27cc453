# Maneno ya kila mahali: pande, maelekezo, istilahi za mchezo, orodha.

word-south = Kusini
word-north = Kaskazini
word-left = kushoto
word-right = kulia
word-capture = kula
word-takata = takata
word-times = { $n ->
    [1] mara moja
    [2] mara mbili
   *[other] mara { $n }
}
word-or = { $first } au { $last }
word-and = { $first } na { $last }
side-to-move = Zamu ya { $side }
# Urefu wa muda, kwa vipimo kamili (siku 1 saa 2).
# Chini ya sekunde moja ya muda.
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
