# Alama: /bao-stats, /bao-leaderboard, na mabadiliko ya alama baada ya mchezo wenye alama.
# Matokeo kama 7-3-1 ni ushindi-kushindwa-sare (U-K-S).

ratings-game = { $variant }
ratings-game-rules = { $variant } (sheria { $rules })
ratings-scope-server = seva hii
ratings-scope-global = kila mahali
ratings-wld = ushindi { $wins }, kushindwa { $losses }, sare { $draws }
ratings-change-both = Mabadiliko ya alama (seva hii na kila mahali): { $changes }
ratings-change = Mabadiliko ya alama ({ $scope }): { $changes }

## /bao-leaderboard.

ratings-no-server = Hakuna seva hapa: katika ujumbe binafsi kuna jedwali la alama la dunia nzima tu. Jaribu `/bao-leaderboard scope:global`.
ratings-user = mtumiaji { $id }
ratings-rank = Uko nafasi #{ $rank } kati ya { $total }.
ratings-unranked-none = Bado hujaorodheshwa: { $min ->
    [one] cheza mchezo { $min } wenye alama hapa ili uorodheshwe.
   *[other] cheza michezo { $min } yenye alama hapa ili uorodheshwe.
}
ratings-unranked-games = Bado hujaorodheshwa: unahitaji { $n ->
    [one] mchezo { $n } zaidi wenye alama
   *[other] michezo { $n } zaidi yenye alama
}.
ratings-unranked-provisional = Bado hujaorodheshwa: alama yako { $rating } ni ya muda (RD { $rd }; unaorodheshwa RD ikiwa chini ya 110).
ratings-table-title = Jedwali la alama · { $game }
ratings-table-server = Seva hii · { $total ->
    [one] mchezaji { $total } aliyeorodheshwa
   *[other] wachezaji { $total } walioorodheshwa
}
ratings-table-global = Seva zote na ujumbe binafsi · { $total ->
    [one] mchezaji { $total } aliyeorodheshwa
   *[other] wachezaji { $total } walioorodheshwa
}
ratings-column-player = Mchezaji
ratings-column-rating = Alama
ratings-column-games = Michezo
ratings-ranked-rule = Kuorodheshwa: { $min ->
    [one] angalau mchezo { $min } wenye alama
   *[other] angalau michezo { $min } yenye alama
}, na alama isiyo ya muda (RD chini ya 110).
ratings-leaderboard = **Jedwali la alama la { $game }**, { $scope }: { $total ->
    [one] mchezaji { $total } aliyeorodheshwa
   *[other] wachezaji { $total } walioorodheshwa
}.
ratings-top = Wa kwanza: { $name } ({ $rating }).

## /bao-stats.

ratings-bot = { $name } ni boti na hachezi michezo; `/bao-stats` inaonyesha michezo ya mtu.
ratings-stats-head = **{ $name }** katika { $game }
ratings-label-server = Alama katika seva hii
ratings-label-global = Alama kila mahali
ratings-stats-unrated = { $label }: { $rating } (bado hakuna michezo yenye alama)
ratings-stats-rating = { $label }: **{ $rating }** ± { $rd } ({ $games ->
    [one] mchezo { $games } wenye alama
   *[other] michezo { $games } yenye alama
}: { $record }{ $rank })
ratings-stats-rank = , nafasi #{ $rank } kati ya { $total }
ratings-no-games = Bado hakuna michezo iliyokwisha ya { $game }.
ratings-people = Dhidi ya watu: { $games ->
    [one] mchezo { $games }
   *[other] michezo { $games }
} (yenye alama: { $rated }): { $record }; ukiwa Kusini { $south }, ukiwa Kaskazini { $north } (U-K-S)
ratings-by-clock = Kwa aina ya saa (U-K-S): { $list }
ratings-no-clock = bila saa
ratings-streak = Mfululizo wa ushindi: { $now } sasa, bora { $best }
ratings-last = { $n ->
    [one] Mchezo wa mwisho: { $results }
   *[other] Michezo { $n } ya mwisho (wa karibuni kwanza): { $results }
}
ratings-letter-win = U
ratings-letter-loss = K
ratings-letter-draw = S
ratings-h2h-none = Bado hujamaliza mchezo dhidi ya { $name }.
ratings-h2h = Wewe dhidi ya { $name }: { $record }
ratings-ai = Dhidi ya kompyuta (bila alama kamwe): { $list } (U-K-S)
# Kando ya alama katika kichwa cha bao: mchezo hauna alama.
ratings-casual = kirafiki
