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
