// Each clip's length in ms (its bytes at 8 kHz, rounded up), per voice pack: what the core needs to
// keep one call from running into the next (firmware/voice.ts speechOf). Made by voices/figures.ts from
// the manifests; do not edit by hand (test/app/voices.test.ts compares).

export function clipLengths(pack: string): string {
  if (pack === "zh") return " 0:340 1:200 2:186 3:284 4:218 5:253 6:203 7:244 8:172 9:253 10:274 t20:457 t30:558 t40:479 t50:465 t60:453 t70:508 t80:436 t90:486 liang:337 bai:208 e10:551 e15:736 e18:728 e20:735 e25:920 e28:923 e30:836 e40:746 e50:742 e55:927 e58:930 miao:333 fen:266 fenzhong:568 haisheng:534 bu:166 ci:243 xiaoshi:566 used:458 byoyomi:930 block:1513 timeout:987 .";
  if (pack === "en") return " 0:333 1:304 2:214 3:255 4:290 5:344 6:344 7:365 8:229 9:338 10:282 11:380 12:392 13:390 14:419 15:413 16:448 17:531 18:332 19:444 t20:407 t30:334 t40:348 t50:362 t60:397 t70:468 t80:263 t90:394 hundred:448 e10:676 e15:853 e18:758 e20:825 e25:959 e28:984 e30:741 e40:771 e50:798 e55:982 e58:957 second:398 seconds:484 minute:312 minutes:398 period:400 periods:476 move:323 moves:389 left:325 hour:239 hours:314 used:780 block:718 byoyomi:438 timeout:410 .";
  if (pack === "ja") return " 0:309 1:324 2:242 3:289 4:292 5:203 6:316 7:297 8:381 9:294 10:271 t20:387 t30:513 t40:492 t50:374 t60:526 t70:481 t80:540 t90:493 h1:357 h2:454 h3:600 e10:507 e15:590 e18:808 e20:602 e25:706 e28:903 e30:739 e40:728 e50:590 e55:704 e58:891 f1:378 f2:363 f3:488 f4:477 f5:350 f6:400 f7:464 f8:436 f9:457 f10:412 k1:433 k2:390 k3:495 k4:484 k5:366 k6:446 k7:473 k8:491 k9:495 k10:476 fun:292 kai:257 byou:307 nokori:404 te:208 jikan:371 yo:253 block:1418 byoyomi:748 timeout:810 .";
  return "";
}
