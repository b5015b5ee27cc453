# /bao-learn: majibu ya boti kwa hatua za mwanafunzi na ujumbe wa masomo.

## Maoni kwa hatua isiyotimiza kazi.

learn-quiet-move = hatua tulivu
learn-after-captures = { $n ->
    [0] bila kula
    [1] baada ya kula mara 1
   *[other] baada ya kula mara { $n }
}
learn-move-won = Hatua yako imeshinda mchezo: { $reason }.
learn-move-emptied-own-row = Hatua yako imemaliza kete za mstari wako wa mbele mwenyewe, kwa hiyo umeshindwa.
learn-move-lost = Hatua yako imepoteza mchezo: { $reason }.
learn-ended-empty = Kete yako ya mwisho iliangukia { $pit }, lililokuwa tupu, kwa hiyo hatua iliisha { $after }.
learn-ended-house = Kete yako ya mwisho iliangukia nyumba yako { $pit }, yenye kete 6 au zaidi, kwa hiyo takata ilisimama hapo.
learn-ended-house-stop = Ulichagua kusimama katika nyumba yako { $pit } (`stop`) { $after }.
learn-ended-takasia = Kete yako ya mwisho iliangukia { $pit }, shimo la takasia, kwa hiyo hatua iliishia hapo { $after }.
learn-ended = Hatua yako iliisha { $after }.
learn-miss-quiet-never-captures = Ilikuwa { $quiet }, na { $quiet } haili kamwe: kula kunahitaji mtawanyo wa kwanza uishie katika shimo la mbele lenye kete linalokabili shimo lenye kete.
learn-miss-captures-at-least = Hatua hiyo ilikula { $n ->
    [1] mara moja
   *[other] mara { $n }
}; kazi hii inahitaji kula angalau mara { $k }.
learn-miss-no-capture-wanted = Kazi hii inataka hatua bila kula.
learn-miss-captures-exactly = Hatua hiyo ilikula { $n ->
    [1] mara moja
   *[other] mara { $n }
}; kazi hii inataka kula mara { $k } hasa.
learn-miss-relays = { $relays ->
    [0] Haikuendelea kutawanya hata mara moja
   *[other] Iliendelea { $times }
}; kazi hii inahitaji kuendelea angalau { $k ->
    [1] mara 1
   *[other] mara { $k }
}.
learn-miss-ends-in = Kazi hii inataka hatua iishie { $pit }.
learn-miss-game-goes-on-such-as = Mchezo unaendelea: { $side } bado ana kete katika mstari wa mbele na hatua, kama { $reply }.
learn-miss-game-goes-on = Mchezo unaendelea.
learn-miss-kind = Hiyo ilikuwa { $played }, si { $wanted }.
learn-miss-from = Ilianza kutoka { $played }; kazi hii inataka hatua kutoka { $pit }.
learn-miss-direction = Uliicheza { $played }; kazi hii inataka { $wanted }.
learn-miss-house = Ulichagua { $chosen } kwenye nyumba; kazi hii inataka { $wanted }.
learn-miss-no-house = Hatua yako haikutoa chaguo la nyumba; kazi hii inataka { $wanted }.
learn-miss-took-nothing = Haikula { $pit }.
learn-miss-took-other = Ilikula { $taken }, si { $pit }.
learn-miss-entered = Kete zilizoliwa ziliingia { $kichwa }, si { $pit }.
learn-miss-entered-none = Haikula, kwa hiyo hakuna kete zilizoingia { $pit }.
learn-miss-takasia = Iliweka takasia kwenye { $set }, si { $pit }.
learn-miss-takasia-none = Haikuweka takasia; kazi hii inataka takasia kwenye { $pit }.
learn-miss-emptied-own-row = Katika Bao la Kujifunza hatua inayoacha mstari wako wa mbele mtupu inashindwa mara moja: acha kete hapo.
learn-miss-never-ends = Ilihitaji mzunguko wa 513 wa kutawanya baada ya wa kwanza, na hatua isiyoisha inamshinda anayeicheza.
learn-miss-loses = Kazi hii inataka hatua isiyoshindwa.

## Ujumbe wa masomo.

learn-not-your-lesson = Vitufe hivi ni vya somo la mtu mwingine. Anza lako kwa `/bao-learn`.
learn-old-task = Kazi hiyo imekwisha. `/bao-learn` inaonyesha kazi uliyo nayo.
learn-no-such-lesson = { $count ->
    [one] Kuna somo { $count }:
   *[other] Kuna masomo { $count }:
} `/bao-learn lesson:1` hadi `lesson:{ $count }`.
learn-welcome-back = Karibu tena.
learn-unreadable-move = { $problem }. Hatua halali sasa: { $legal }.
learn-the-task = Kazi: { $goal }
learn-try-again = Jaribu tena: { $goal }
learn-hint = Dokezo: anza kutoka { $pit } (limezungushiwa duara kwenye bao).
learn-right = Sawa! Wewe: { $trace }
learn-your-answer = Jibu lako
button-next = Endelea
button-show-me = Nionyeshe
learn-lesson-done = Somo { $lesson } limekamilika: { $stars } ({ $misses ->
    [0] bila kukosa
    [1] kosa moja
   *[other] makosa { $misses }
}).
learn-part-1-done = Huo ndio mwisho wa sehemu ya 1, Bao la Kujifunza. Cheza mchezo mzima dhidi ya kompyuta kwa `/bao ai beginner kujifunza`, au bonyeza Endelea kwa sehemu ya 2, Bao la Kiswahili.
learn-course-done = Umemaliza kozi! Cheza Bao la Kiswahili dhidi ya kompyuta kwa `/bao ai beginner`, au mpe mtu changamoto kwa `/bao challenge @mtu`.
learn-demo-caption = Somo { $lesson }: { $title }
learn-lesson-head = **Somo { $lesson } kati ya { $count }: { $title }** ({ $game })
learn-one-answer = Jibu moja ni { $mv }: { $trace } Sasa icheze mwenyewe, au hatua nyingine yoyote inayofanya hivyo.
learn-show-me-caption = Nionyeshe: { $mv }
learn-task-caption = Kazi { $task } kati ya { $count }: { $goal }
learn-task-head = **Kazi { $task } kati ya { $count }** (somo { $lesson }): { $goal }
learn-none-yet = bado hakuna
learn-progress = Masomo yaliyokamilika: { $done } kati ya { $count }; nyota: { $stars } kati ya { $max } (Kujifunza: { $kujifunza }; Kiswahili: { $kiswahili }).
