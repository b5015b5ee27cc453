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

ratings-no-server = Hakuna seva hapa: katika DM kuna jedwali la alama la dunia nzima tu. Jaribu `/bao-leaderboard scope:global`.
ratings-user = mtumiaji { $id }
ratings-rank = Uko nafasi #{ $rank } kati ya { $total }.
ratings-unranked-none = Bado hujaorodheshwa: cheza michezo { $min } yenye alama hapa ili uorodheshwe.
ratings-unranked-games = Bado hujaorodheshwa: unahitaji { $n ->
    [one] mchezo { $n } zaidi wenye alama
   *[other] michezo { $n } zaidi yenye alama
}.
ratings-unranked-provisional = Bado hujaorodheshwa: alama yako { $rating } ni ya muda (RD { $rd }; unaorodheshwa ikiwa chini ya 110).
ratings-table-title = Jedwali la alama · { $game }
ratings-table-server = Seva hii · wachezaji { $total } walioorodheshwa
ratings-table-global = Seva zote na DM · wachezaji { $total } walioorodheshwa
ratings-column-player = Mchezaji
ratings-column-rating = Alama
ratings-column-games = Michezo
ratings-ranked-rule = Kuorodheshwa: michezo { $min }+ yenye alama na alama isiyo ya muda (RD chini ya 110).
ratings-leaderboard = **Jedwali la alama la { $game }**, { $scope }: wachezaji { $total } walioorodheshwa.
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
} ({ $rated } yenye alama): { $record }; ukiwa Kusini { $south }, ukiwa Kaskazini { $north } (U-K-S)
ratings-by-clock = Kwa aina ya saa (U-K-S): { $list }
ratings-no-clock = bila saa
ratings-streak = Mfululizo wa ushindi: { $now } sasa, bora { $best }
ratings-last = Ya mwisho { $n } (mipya kwanza): { $results }
ratings-letter-win = U
ratings-letter-loss = K
ratings-letter-draw = S
ratings-h2h-none = Bado hujamaliza mchezo dhidi ya { $name }.
ratings-h2h = Wewe dhidi ya { $name }: { $record }
ratings-ai = Dhidi ya kompyuta (bila alama kamwe): { $list } (U-K-S)
# Kando ya alama katika kichwa cha ubao: mchezo hauna alama.
ratings-casual = kirafiki
