# /bao-puzzle: mafumbo.

## Lengo la fumbo.

puzzle-goal-win-in = Zamu ya { $side }: shinda kwa hatua { $n }
puzzle-goal-defence = Zamu ya { $side }: tafuta hatua pekee isiyoshindwa
puzzle-goal-best = Zamu ya { $side }: tafuta hatua bora{ $n ->
    [1] {""}
   *[other] {" "}(hatua { $n })
}

## Majibu.

puzzle-not-yours = Vitufe hivi ni vya fumbo la mtu mwingine. Pata lako kwa `/bao-puzzle`.
puzzle-old-attempt = Bao hilo la fumbo limekwisha. `/bao-puzzle` inakupa fumbo jipya.
puzzle-rated = Alama yako ya mafumbo: { $player }. Ya fumbo: { $puzzle }.
puzzle-repeat-not-rated = (Marudio: bila alama.)
puzzle-seen-all = Umeshaona kila fumbo la aina hii: hili hapa moja tena (bila alama).
puzzle-none-of-that-kind = Bado hakuna fumbo lenye mada na aina hiyo.
puzzle-none-yet = Bado hakuna mafumbo.
puzzle-of-the-day = **Fumbo la siku.**
puzzle-head = **Fumbo { $id }** ({ $game }, alama { $rating }, { $rated ->
    [yes] lina alama
   *[no] marudio, bila alama
}): { $goal }
puzzle-the-puzzle = Fumbo: { $goal }
puzzle-go-on = Endelea: { $goal }
puzzle-solved = Umelitatua! Wewe: { $trace }
puzzle-not-this-one = Si hii. Wewe: { $trace }
puzzle-the-answer-was = Jibu lilikuwa { $mv }; mfululizo mzima umeonyeshwa kwa mchoro.
puzzle-caption = Fumbo { $id }
button-another-puzzle = Fumbo jingine
puzzle-allowed-end = Ilimaliza mchezo.
puzzle-wins-in = { $winner } anashinda kwa hatua { $n }
puzzle-wins-at-once = { $winner } anashinda: kila hatua ya { $loser } inashindwa mara moja
puzzle-allowed-win = Hatua hiyo iliruhusu hili: { $win }; { $side } anacheza { $mv }.
puzzle-allowed-answer = Iliruhusu jibu la { $side } { $mv }: { $trace }
puzzle-allowed-no-move = Ilimwacha mpinzani wako bila hatua.
puzzle-allowed-caption = Hatua yako { $mv } iliruhusu hiki
puzzle-record = Mafumbo: alama **{ $rating }**, yaliyotatuliwa { $solved } kati ya { $tried }, mfululizo { $streak } (bora { $best }).

## Fumbo la siku.

daily-form = andika `/bao-settings daily_puzzle #chaneli SAA` (SAA kwa UTC, 0 hadi 23), au `off`
daily-not-a-channel = `{ $word }` si chaneli: { $form }
daily-not-an-hour = `{ $word }` si saa kati ya 0 na 23: { $form }
daily-set = Fumbo la siku litawekwa katika { $channel } kila siku saa { $hour } UTC.
daily-off = Hakuna tena fumbo la siku linalowekwa katika seva hii.
daily-post = **Fumbo la siku** (alama { $rating }): { $goal }
    Bonyeza kitufe ili ulitatue; ni wewe tu unayeona jaribio lako.
button-solve-it = Litatue
