# /bao prefs na mipangilio ya lugha.

prefs-title = **Mapendeleo yako**
prefs-saved = **Imehifadhiwa.** Mapendeleo yako:
prefs-notify = notify: **{ $mode }**: { $meaning }
prefs-animations = animations (michoro ya hatua): **{ $value }**
prefs-on = imewashwa (`on`)
prefs-off = imezimwa (`off`)
prefs-animations-default = chaguo-msingi (`default`, ya seva)
prefs-orientation = orientation (mwelekeo wa bao): **{ $value }**
prefs-orientation-mine = mine (mistari yako chini)
prefs-orientation-south = south (mistari ya Kusini chini, kama katika sheria)
prefs-language = language (lugha): **{ $code }** ({ $name })
prefs-language-default = language (lugha): **chaguo-msingi** (`default`, ya seva)
prefs-how = Yabadilishe kwa `/bao prefs notify:dm|mention|off animations:on|off orientation:mine|south language:{ $languages } one-tap:on|off`.

notify-dm = Zamu yako ikifika utatajwa katika chaneli ya mchezo na kuambiwa kwa ujumbe binafsi; vikumbusho vinakuja kwa ujumbe binafsi pia.
notify-mention = Zamu yako ikifika utatajwa katika chaneli ya mchezo (hakuna ujumbe binafsi isipokuwa vikumbusho vya muda wa mwisho).
notify-off = Hakuna tena taarifa za zamu wala vikumbusho; `/bao games` inaonyesha ni wapi zamu ni yako.

## Lugha ya seva.

language-unknown = `{ $typed }` si lugha ya boti: andika { $accepted }, au `default`.
language-server-set = `language` sasa ni **{ $code }** ({ $name }){ $default ->
    [yes] {" "}(chaguo-msingi)
   *[no] {""}
}; mabao na matangazo katika chaneli za seva hii yanasemwa kwa lugha hii, na pia majibu kwa wanachama ambao hawakuchagua lugha yao wenyewe.
language-setting-line = `language`: **{ $code }** ({ $name }; lugha ya ujumbe wa wazi; `/bao prefs language` ya mwanachama mwenyewe hushinda; { $changed })
setting-changed-by = imebadilishwa na { $who } { $when }
setting-default = chaguo-msingi

## /bao-settings na /bao help topic:settings: mipangilio ya seva.

settings-title = **Mipangilio ya Bao ya seva hii**
settings-line = `{ $key }`: **{ $value }** ({ $about }; { $changed })
settings-about-variant = aina ya michezo mipya
settings-about-rules = seti ya sheria ya michezo mipya (v0.2 au r002)
settings-about-time-per-move = muda kwa kila hatua changamoto isipotaja muda
settings-about-rated = kama chaguo-msingi, michezo ina alama
settings-about-placement = michezo inachezwa wapi
settings-about-channels = chaneli ambako michezo mipya inaweza kuanza
settings-about-animations = michoro ya hatua baada ya kila hatua (`/bao prefs animations` ya mchezaji mwenyewe hushinda)
settings-about-max-games = idadi kubwa zaidi ya michezo ambayo mwanachama mmoja anaweza kuwa nayo hapa kwa wakati mmoja
settings-about-clock = saa ya changamoto zisizotaja saa, kama 5+3 au 3d+1d; ikiwa hakuna, time_per_move inatumika
settings-untimed = none (bila muda)
settings-placement-thread = thread (kila mchezo katika uzi wake)
settings-placement-channel = channel (mchezo mmoja kwa kila chaneli)
settings-everywhere = everywhere (kila mahali)
settings-no-limit = hakuna kikomo
settings-none = none (hakuna)
settings-form = andika `/bao-settings <setting> <value>` ukichagua mpangilio kati ya `variant`, `rules`, `time_per_move`, `clock`, `rated`, `placement`, `channels`, `animations`, `max_games`, `language` (thamani `default` inarudisha chaguo-msingi)
settings-managers-change = Wanachama wenye Manage Server ndio wanaoibadilisha: { $form }.
settings-server-only-help = Mipangilio ni ya seva: tumia `/bao help topic:settings` katika mojawapo ya chaneli zake.
settings-server-only-set = Mipangilio ni ya seva: tumia `/bao-settings` katika mojawapo ya chaneli zake.
settings-managers-only = Ni wanachama wenye ruhusa ya Manage Server tu wanaoweza kubadilisha mipangilio ya seva hii; `/bao help topic:settings` inaionyesha.
settings-unknown-key = `{ $key }` si mpangilio: { $form }.
settings-set = `{ $key }` sasa ni **{ $value }**{ $default ->
    [yes] {" "}(chaguo-msingi)
   *[no] {""}
}; inatumika kwa changamoto au mchezo na kompyuta unaofuata.
settings-bad-on-off = { $what } ni `on` au `off` (au `default`), si `{ $typed }`
settings-bad-variant = `{ $typed }` si aina ya mchezo: andika kiswahili au kujifunza
settings-bad-rules = `{ $typed }` si seti ya sheria: andika v0.2 (pamoja na takasia, chaguo-msingi) au r002 (bila takasia)
settings-bad-placement = placement ni `thread` (kila mchezo katika uzi wake) au `channel` (mchezo mmoja kwa kila chaneli), si `{ $typed }`
settings-bad-channel = `{ $word }` si chaneli: taja chaneli kama #bao #games, au andika `everywhere`
settings-no-channels = taja chaneli kama #bao #games, au andika `everywhere`
settings-bad-max-games = max_games ni namba kati ya 1 na 100, au `none` bila kikomo, si `{ $typed }`
settings-channels-only = Michezo mipya inaweza kuanza katika { $channels } tu kwenye seva hii. Nenda huko ujaribu tena.
settings-max-games-you = { $max ->
    [one] Una mchezo { $max } unaoendelea au unaosubiri kwenye seva hii, idadi kubwa zaidi inayoruhusiwa; umalize kwanza (`/bao games` inauonyesha).
   *[other] Una michezo { $max } inayoendelea au inayosubiri kwenye seva hii, idadi kubwa zaidi inayoruhusiwa; maliza mmoja kwanza (`/bao games` inaiorodhesha).
}
settings-max-games-they = { $max ->
    [one] { $name } ana mchezo { $max } unaoendelea au unaosubiri kwenye seva hii, idadi kubwa zaidi inayoruhusiwa; aumalize kwanza (`/bao games` inauonyesha).
   *[other] { $name } ana michezo { $max } inayoendelea au inayosubiri kwenye seva hii, idadi kubwa zaidi inayoruhusiwa; amalize mmoja kwanza (`/bao games` inaiorodhesha).
}

## /bao help topic:about.

about-head = **bao-bot { $version }**: Bao la Kiswahili na Bao la Kujifunza.
about-rule-sets = Seti za sheria: { $list }.
about-rule-set-v02 = sheria za sasa (mwongozo v0.2), pamoja na takasia
about-rule-set-r002 = sheria za zamani za R-002: zilezile, lakini bila takasia
about-up = Imekuwa ikifanya kazi kwa { $up }. Michezo inayoendelea au inayosubiri: { $running }; michezo iliyochezwa hadi mwisho: { $played }; seva zenye michezo: { $servers }.
about-source = Msimbo: { $url }
about-no-source = Msimbo: haujachapishwa na anayeendesha boti hii (`source_url` katika mipangilio yake).
