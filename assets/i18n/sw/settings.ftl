# /bao prefs na mipangilio ya lugha.

prefs-title = **Mapendeleo yako**
prefs-saved = **Imehifadhiwa.** Mapendeleo yako:
prefs-notify = notify: **{ $mode }**: { $meaning }
prefs-animations = animations (michoro ya hatua): **{ $value }**
prefs-on = on (imewashwa)
prefs-off = off (imezimwa)
prefs-animations-default = default (ya seva)
prefs-orientation = orientation (mwelekeo wa ubao): **{ $value }**
prefs-orientation-mine = mine (mistari yako chini)
prefs-orientation-south = south (mistari ya Kusini chini, kama katika sheria)
prefs-language = language (lugha): **{ $code }** ({ $name })
prefs-language-default = language (lugha): **default** (ya seva)
prefs-how = Yabadilishe kwa `/bao prefs notify:dm|mention|off animations:on|off orientation:mine|south language:{ $languages }`.

notify-dm = Zamu yako ikifika utatajwa katika chaneli ya mchezo na kuambiwa kwa DM; vikumbusho vinakuja kwa DM pia.
notify-mention = Zamu yako ikifika utatajwa katika chaneli ya mchezo (hakuna DM isipokuwa vikumbusho vya muda wa mwisho).
notify-off = Hakuna tena taarifa za zamu wala vikumbusho; `/bao games` inaonyesha ni wapi zamu ni yako.

## Lugha ya seva.

language-unknown = `{ $typed }` si lugha ya boti: andika { $accepted }, au `default`.
language-server-set = `language` sasa ni **{ $code }** ({ $name }){ $default ->
    [yes] {" "}(chaguo-msingi)
   *[no] {""}
}; mbao na matangazo katika chaneli za seva hii yanasemwa kwa lugha hii, na pia majibu kwa wanachama ambao hawakuchagua lugha yao wenyewe.
language-setting-line = `language`: **{ $code }** ({ $name }; lugha ya ujumbe wa wazi; `/bao prefs language` ya mwanachama mwenyewe hushinda; { $changed })
setting-changed-by = imebadilishwa na { $who } { $when }
setting-default = chaguo-msingi
