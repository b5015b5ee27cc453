# Maneno ya konsoli yenyewe (bao-bot console): lebo zake, na inachosema mstari
# ulioandikwa usipoeleweka. Majibu ya boti yenyewe yako katika faili nyingine.

console-private = (unaona wewe tu)
console-dm-to = (ujumbe binafsi kwa @{ $name })
console-in-channel = (katika #{ $channel })
console-in-thread = (katika { $place }, uzi umefungwa)
console-in-dm = (katika ujumbe binafsi)
console-buttons = vitufe:
console-file = [faili]
console-error = hitilafu: { $text }
console-at = saa { $time }
console-now = sasa ni { $time }
console-later = sasa ni { $time } (baada ya { $span })
console-nothing-due = (hakuna kinachosubiriwa)
console-you-are = sasa wewe ni { $name }
console-you-are-in = sasa uko { $place }
console-you-are-in-dm = sasa uko katika ujumbe binafsi na boti
console-whom = nani? andika /as JINA
console-where = wapi? andika /in #chaneli
console-no-button = hakuna kitufe `{ $label }` kwenye ujumbe wa mwisho; /press inachukua namba yake au lebo yake
console-not-a-command = `{ $word }` si amri: andika /bao help kwa boti, /help kwa konsoli
console-help =
    amri za konsoli:
      /bao ...          amri yoyote ya boti, k.m. /bao ai hard, /bao move a6 kushoto, /bao help
      /as JINA          cheza kama mtumiaji mwingine (anaundwa mara ya kwanza), k.m. /as baraka
      /in #CHANELI      nenda kwenye chaneli, k.m. /in #general
      /dm               nenda kwenye ujumbe binafsi na boti
      /press N|LEBO     bonyeza kitufe cha ujumbe wa mwisho (kwa namba au lebo)
      /wait MUDA        acha muda upite (61s, 30m, 13h, 2d, 1d12h; hadi siku 365) na uonyeshe,
                        pamoja na saa yake, kila taarifa inayofika wakati huo (vikumbusho,
                        mwisho wa muda, saa za mchezo zinazokwisha)
      /now              saa ya konsoli (inasonga kwa /wait tu)
      /tick             acha boti ifanye kinachotakiwa sasa (vikumbusho, muda unaokwisha)
      /help             maandishi haya
      /quit             ondoka
console-wait-how = muda gani? andika /wait na { $forms }
console-wait-bad = `{ $word }` si muda: andika { $forms }
console-wait-zero = `{ $word }` si muda wowote: andika { $forms }
console-wait-range = `{ $word }` iko nje ya kipimo: andika { $forms }
console-wait-forms = kiasi kama 30m, 13h, 2d au 1d12h (vipimo m, h, d, w), kuanzia dakika 1 hadi siku 365; au sekunde, kama 20s au 61s, kwa saa za mchezo

# Mstari wa /bao usiosomeka (Discord huikagua yenyewe).
console-not-game-number = `{ $word }` si namba ya mchezo: andika game:12
console-starts-with-bao = amri zinaanza na /bao, kama `/bao help` (amri: { $commands })
console-settings-how = andika /bao-settings <mpangilio> <thamani>, k.m. /bao-settings rules r002
console-no-arguments = /bao { $sub } haichukui maneno zaidi, lakini imepata `{ $words }`
console-challenge-whom = nani? andika /bao challenge @jina [aina] [upande] [muda]
console-not-side = `{ $word }` si upande: andika south, north au random
console-yes-no = `{ $option }:{ $word }`: andika { $option }:yes au { $option }:no
console-which-move = hatua gani? andika /bao move A4 kushoto kula
console-ai-word = `{ $word }` si ngazi ({ $levels }), upande (south, north, random), aina (kiswahili, kujifunza), seti ya sheria (v0.2, r002) wala saa (5+3)
console-notify-how = andika /bao prefs notify:dm, /bao prefs notify:mention au /bao prefs notify:off
console-settings-topic = andika /bao help topic:settings, au /bao-settings <mpangilio> <thamani>
console-not-pref = `{ $word }` si chaguo: andika notify:dm|mention|off, animations:on|off, orientation:mine|south, language:en|sw|default, one-tap:on|off
console-not-ply = `{ $word }` si namba ya hatua kwa { $name }: andika namba kama 10
console-replay-how = andika /bao-replay [game:N] [from] [to]
console-not-variant-or-scope = `{ $word }` si aina (kiswahili, kujifunza) wala eneo (server, global)
console-learn-how = andika /bao-learn [lesson:N]
console-not-lesson = `{ $word }` si namba ya somo; andika /bao-learn lesson:3
console-stats-word = `{ $word }` si aina (kiswahili, kujifunza); andika /bao-stats [@jina] [aina]
console-not-variant = `{ $word }` si aina ya mchezo: andika kiswahili au kujifunza
console-not-rules = `{ $word }` si seti ya sheria: andika { $forms }
console-not-theme = `{ $word }` si mada: andika { $forms }
console-not-language = `{ $word }` si lugha: andika { $forms }, au `default`
console-unknown-command = `{ $word }` si amri: jaribu mojawapo ya { $commands }
console-not-topic = `{ $word }` si mada ya msaada: andika /bao help topic:commands, rules, notation, settings au about
console-tournament-how = andika /bao-tournament create JINA format:swiss rounds:5 (au format:round-robin), au /bao-tournament join|leave|withdraw|start|pause|resume|cancel|standings|pairings|info [event:N], au /bao-tournament remove JINA
console-not-event = `{ $word }` si namba ya mashindano: andika event:3
console-no-more-words = /bao-tournament { $action } haichukui maneno zaidi; { $how }
console-needs-number = `{ $option }:{ $word }` inahitaji namba
console-tournament-remove-whom = nani? andika /bao-tournament remove JINA
