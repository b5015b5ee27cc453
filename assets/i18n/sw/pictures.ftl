# Maneno ya picha zenyewe: kichwa cha bao na maelezo ya alama, maelezo ya kutawanya katika
# GIF, bao la maandishi, grafu ya tathmini.

picture-wins = { $side } ameshinda
picture-game-over = MCHEZO UMEKWISHA
picture-rules = sheria { $rules }
picture-ply = hatua { $ply }
picture-hand = mkononi { $seeds }
picture-takasia = takasia: hatua haiwezi kuanzia { $pit } zamu hii
picture-last-move = Hatua ya mwisho
picture-mark-start = mwanzo
picture-mark-captured = imeliwa
picture-mark-entered = kuingia
picture-mark-end = mwisho
picture-plays = { $name } anacheza { $move }
picture-from-hand = { $name }: kete ya mkononi ndani ya { $pit } · kete za mkononi: { $hand }
picture-lifts = anachukua kete { $seeds } kutoka { $pit }, anatawanya { $direction }
picture-lifts-two-piece = mwanzo wa kete mbili: anachukua kete { $seeds } kutoka { $pit }, anatawanya { $direction }
picture-lifts-relay = kuendelea: anachukua kete { $seeds } kutoka { $pit }, anatawanya { $direction }
picture-lifts-house = safari: anachukua kete { $seeds } kutoka nyumba { $pit }, anatawanya { $direction }
picture-sows-into = anatia kete katika { $pit }
picture-seeds-to-sow = { $seeds ->
    [one] kete { $seeds } ya kutawanya
   *[other] kete { $seeds } za kutawanya
}
picture-captures = anakula kete { $seeds } kutoka { $from }, anatawanya kuanzia { $kichwa }
picture-captures-won = anakula kete { $seeds } kutoka { $from }: mstari wa mbele ni mtupu
picture-lap = mzunguko { $run } kati ya { $runs } · umeishia { $pit }
picture-stop-empty = { $pit } lilikuwa tupu: hatua imekwisha
picture-stop-house = anasimama kwenye nyumba { $pit }
picture-stop-house-choice = anachagua kusimama kwenye nyumba { $pit }
picture-stop-takasia = { $pit } ni shimo la takasia: hatua inasimama
picture-never-ending = hatua isiyoisha ({ $runs ->
    [one] mzunguko { $runs } wa kutawanya
   *[other] mizunguko { $runs } ya kutawanya
}): { $name } ameshinda
picture-ply-line = Hatua { $ply } · { $move }
picture-start-position = Mwanzo wa mchezo
# Chini ya bao: muda wa mwisho wa hatua ($when: tarehe ya UTC), au kwa nini mchezo uliokwisha hauna mshindi.
picture-caption-deadline = { $name } acheze kabla ya { $when } UTC
picture-caption-no-winner = Mchezo umekwisha: hakuna mshindi
picture-caption-stopped = Mchezo umesimamishwa: hakuna matokeo
picture-text-to-move = <- zamu yake
picture-no-winner = Mchezo umekwisha, hakuna mshindi
picture-graph-ply = hatua
picture-namua = namua
picture-mtaji = mtaji
picture-accuracy = usahihi { $percent }%
picture-expected-score = Matarajio ya Kusini
picture-mistake = kosa
picture-blunder = kosa kubwa
picture-nodes = nafasi { $nodes } kwa hatua
picture-nobody-yet = bado hakuna mtu
