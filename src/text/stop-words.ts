import type { Language } from './languages.js';

/**
 * Words that carry no topic, in English, Polish and German (greetings and sign-off words among them): the
 * summariser does not count them towards a sentence's score.
 */
const ENGLISH = `a about above after again against all also am an and any are aren't as at be because been before
being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during
each few for from further get gets got had hadn't has hasn't have haven't having he he'd he'll he's her here here's
hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's like
may me might more most much must mustn't my myself no nor not now of off on once one only or other ought our ours
ourselves out over own per quite rather really same shall shan't she she'd she'll she's should shouldn't so some
such than that that's the their theirs them themselves then there there's these they they'd they'll they're they've
this those through to too under until up upon us very via was wasn't we we'd we'll we're we've were weren't what
what's when when's where where's which while who who's whom why why's will with won't would wouldn't yet you you'd
you'll you're you've your yours yourself yourselves also hi hello hey dear thanks thank regards best please
just still even ever every many well new make made use used using want wants going go know see ok okay re fw fwd`;

const POLISH = `a aby ach acz aczkolwiek aj albo ale ależ ani aż bardziej bardzo bez bo bowiem by byli bym byś był była
było były być będzie będą będę cali cała cały ci cię ciebie co cokolwiek coś czasami czasem czemu czy czyli daleko
dla dlaczego dlatego do dobrze dokąd dość dużo dwa dwaj dwie dwoje dziś dzisiaj gdy gdyby gdyż gdzie gdziekolwiek
gdzieś go i ich ile im inna inne inny innych iż ja ją jak jakaś jakby jaki jakichś jakie jakiś jakiż jakkolwiek
jako jakoś je jeden jedna jedno jednak jednakże jego jej jemu jest jestem jeszcze jeśli jeżeli już ją każdy kiedy
kilka kimś kto ktokolwiek ktoś która które którego której który których którym którzy ku lat lecz lub ma mają mam
mi mimo między mną mnie mogą moi moim moja moje może możliwe można mój mu musi my na nad nam nami nas nasi nasz
nasza nasze naszego naszych natomiast natychmiast nawet nic nich nie niech niego niej niemu nigdy nim nimi niż no
o obok od około on ona one oni ono oraz oto owszem pan pana pani po pod podczas pomimo ponad ponieważ powinien
powinna powinni powinno poza prawie przecież przed przede przedtem przez przy roku również sam sama są się skąd
sobie sobą sposób swoje ta tak taka taki takie także tam te tego tej temu ten teraz też to tobą tobie toteż trzeba
tu tutaj twoi twoim twoja twoje twym twój ty tych tylko tym u w wam wami was wasz wasza wasze we według wiele
wielu więc więcej wszyscy wszystkich wszystkie wszystkim wszystko wtedy wy właśnie z za zapewne zawsze ze zł znowu
znów został żaden żadna żadne żadnych że żeby dzień dobry witam cześć pozdrawiam dziękuję dzięki proszę`;

const GERMAN = `aber alle allem allen aller alles als also am an ander andere anderen auch auf aus bei beim bin bis bitte
bist da dabei damit dann das dass dein deine dem den denn der des dich die dies diese diesem diesen dieser dieses dir
doch dort du durch ein eine einem einen einer eines euch euer eure für gegen gibt habe haben hat hatte hier hin ich
ihm ihn ihnen ihr ihre ihrem ihren ihrer im in ist ja jede jedem jeden jeder jedes jetzt kann kein keine können könnte
man mein meine mich mir mit muss müssen nach nicht nichts noch nun nur ob oder ohne sehr sein seine sich sie sind so
soll sollte sondern über um und uns unser unsere unter viel vom von vor war waren warum was weil welche wenn wer werde
werden wie wieder wir wird wo wollen würde zu zum zur zwischen hallo liebe lieber grüße danke vielen schon gerne`;

/** One list per language. */
export const STOP_WORDS_BY_LANGUAGE = {
  en: ENGLISH.split(/\s+/).filter(Boolean),
  pl: POLISH.split(/\s+/).filter(Boolean),
  de: GERMAN.split(/\s+/).filter(Boolean),
} as const satisfies Partial<Record<Language, readonly string[]>>;

export const STOP_WORDS: ReadonlySet<string> = new Set(Object.values(STOP_WORDS_BY_LANGUAGE).flat());
