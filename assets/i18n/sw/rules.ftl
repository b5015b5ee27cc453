# Maneno ya sheria: jinsi mchezo ulivyoisha, hatua ilifanya nini, kwa nini hatua
# iliyoandikwa haikuchezwa. Mashimo na hatua ni nukuu, hupitishwa kama yalivyo.

end-front-row-emptied = mstari wa mbele umekwisha (bao hamna)
end-no-legal-move = hakuna hatua halali
end-never-ending-move = hatua isiyoisha

## Hatua ilifanya nini, vipande vinavyounganishwa kwa koma.

trace-sowed = { $pit } ilitawanya kete { $seeds } { $direction }
trace-sowed-hand = { $pit } kwa kete ya mkononi ilitawanya kete { $seeds } { $direction }
trace-sowed-two-piece = { $pit } ilitawanya kete 2 (mwanzo wa kete mbili) { $direction }
trace-sowed-two-piece-hand = { $pit } kwa kete ya mkononi ilitawanya kete 2 (mwanzo wa kete mbili) { $direction }
trace-used-house = ilitumia nyumba { $pit } (kete { $seeds }), safari
trace-captured = ilikula kete { $seeds } kutoka { $from }, ikatawanya kuanzia { $kichwa }
trace-captured-won = ilikula kete { $seeds } kutoka { $from }
trace-captured-hand = { $pit } kwa kete ya mkononi ilikula kete { $seeds } kutoka { $from }, ikatawanya kuanzia { $kichwa }
trace-captured-hand-won = { $pit } kwa kete ya mkononi ilikula kete { $seeds } kutoka { $from }
trace-relayed = iliendelea { $times }
trace-ended = iliishia { $pit }
trace-house-stop = ilisimama kwenye nyumba { $pit }
trace-house-chose-stop = ilichagua kusimama kwenye nyumba { $pit }
trace-takasia-stop = ilisimama kwenye shimo la takasia { $pit }
trace-never-ended = haikuisha (mizunguko 512 ya kutawanya)
trace-wins = { $winner } ameshinda: { $reason }
trace-takasia-set = takasia kwenye { $pit }

## Hatua iliyoandikwa ambayo haikuchezwa.

move-form = <shimo> <left|right au kushoto|kulia> [capture|takata] [stop|use], kama `A4 left capture` au `a6 kulia`
move-illegal = { $asked } si halali hapa: hatua halali ni { $legal } tu ({ $reason })
move-illegal-no-move = { $asked } si halali hapa: { $reason }; hakuna hatua halali
move-ambiguous = { $asked } inaweza kuwa { $choices }: sema ipi
move-game-over = mchezo umekwisha: { $winner } ameshinda
move-parse-empty = hatua tupu: andika { $form }
move-parse-not-a-pit = `{ $word }` si shimo: hatua huanza na shimo A1-A8 au B1-B8 (a1-b8 kwa Kaskazini), kisha { $form }
move-parse-no-direction = `{ $text }` haina mwelekeo: andika { $form }
move-parse-not-a-direction = `{ $word }` si mwelekeo: andika left/kushoto au right/kulia baada ya shimo ({ $form })
move-parse-twice = `{ $text }` inataja { $what } mara mbili
move-word-kind = aina ya hatua
move-word-house = chaguo la nyumba
move-word-entry = upande wa kuingia
move-parse-not-a-move-word = `{ $word }` si neno la hatua: baada ya shimo na mwelekeo yanaweza kufuata capture (kula), takata, stop (simama), use (safari), enter-left (ingia-kushoto) au enter-right (ingia-kulia) tu ({ $form })
move-parse-no-kind = `{ $text }` haina neno la aina: ongeza capture (kula) au takata
move-parse-other = { $text }

## Kwa nini hatua inayosomeka si halali.

illegal-game-over = mchezo umekwisha, { $winner } ameshinda
illegal-not-your-pit = { $pit } ni shimo la { $owner } na ni zamu ya { $turn }
illegal-house-choice-needed = kula huku kunafika kwenye nyumba yako bila kitu cha kula: ongeza stop (simama) au use (safari)
illegal-no-house-choice = chaguo la nyumba (stop/use) halipo katika hatua hii
illegal-entry-needed = kula kwake kwa kwanza ni kwenye mashimo 3-6: ongeza enter-left (ingia-kushoto) au enter-right (ingia-kulia)
illegal-no-entry-choice = chaguo la kuingia (enter-left/enter-right) halipo katika hatua hii
illegal-namua-back-pit = katika namua kete ya mkononi huenda kwenye shimo la mstari wa mbele; mashimo ya nyuma hayaanzi kamwe
illegal-empty = { $pit } ni tupu
illegal-capture-compulsory = kula ni lazima
illegal-no-capture = hakuna kula katika nafasi hii
illegal-does-not-capture = { $pit } { $direction } haili
illegal-single = { $pit } ina kete 1; hatua inahitaji 2 au zaidi
illegal-takasia = { $pit } ni shimo la takasia zamu hii
illegal-owned-house = nyumba yako yenye kete 6 au zaidi si mwanzo wa kawaida
illegal-namua-single = { $pit } ina kete 1 wakati shimo la mbele lina 2 au zaidi
illegal-lone-kichwa = { $pit } haiwezi kutawanywa { $direction } (shimo pekee lenye kete mstari wa mbele, kichwa, halitawanywi kuelekea mstari wa nyuma)
illegal-back-pit = shimo la nyuma linaweza kuanza tu wakati hakuna shimo la mbele lenye kete 2 au zaidi
illegal-not-listed = si mojawapo ya hizo
