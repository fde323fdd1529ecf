/**
 * One key for the British and American spellings of a word, so that a search for "hypoglycemia"
 * finds "hypoglycaemia" and "paediatric" finds "pediatric". The key is only ever compared with
 * other keys (it need not be a word); the rules are narrow enough that two different words never
 * share one (each rule names the letters around the change, never a bare "oe" or "our", which
 * would make "shoe" and "she", "four" and "for" alike).
 */

/** [pattern, replacement], applied in order to a lower-case word. */
const RULES: [RegExp, string][] = [
  // ae → e in the Greek and Latin medical stems: haem, anaemia, anaesthesia, paediatric, aetiology, caesarean, gynaecology, orthopaedic, faeces, leukaemia.
  [/^haem/, "hem"],
  [/([^aeiou])haem/, "$1hem"],
  [/aem(ia|ic)/, "em$1"],
  [/anaes/, "anes"],
  [/paed/, "ped"],
  [/^aetio/, "etio"],
  [/caes/, "ces"],
  [/gynaec/, "gynec"],
  [/faec/, "fec"],
  [/encyclopaed/, "encycloped"],
  // oe → e: oedema, oesophagus, oestrogen, foetus, manoeuvre, diarrhoea, apnoea, dyspnoea, amoeba.
  [/^oe(d|s)/, "e$1"],
  [/foet/, "fet"],
  [/manoeuv/, "maneuv"],
  [/(rrh|pn)oea/, "$1ea"],
  [/amoeb/, "ameb"],
  // -our → -or in words of more than four letters: colour, behaviour, vapour, tumour, labour, odour (not four, hour, your, pour, tour).
  [/^([a-z]{3,})iour(s|ed|ing|al|ally)?$/, "$1ior$2"],
  [/^([a-z]{2,}[^aeiou])our(s|ed|ing|ful|less|able|ite|ites)?$/, "$1or$2"],
  [/^odour(s|less)?$/, "odor$1"],
  // -ise/-isation → -ize/-ization (organise, recognise, immobilise, hospitalisation), and -yse → -yze (analyse, paralyse).
  [/([a-z]{3,}[^aeiouw])is(e|es|ed|ing|er|ers|ation|ations)$/, "$1iz$2"],
  [/([a-z]{2,})ys(e|es|ed|ing)$/, "$1yz$2"],
  // -tre/-bre → -ter/-ber: litre, metre, centre, fibre, calibre, theatre (not "tree").
  [/([a-z]{2,})tre(s|d)?$/, "$1ter$2"],
  [/([a-z]{2,})bre(s)?$/, "$1ber$2"],
  // -ogue → -og: catalogue, dialogue, analogue.
  [/([a-z]{3,})ogue(s)?$/, "$1og$2"],
  // -ence → -ense: defence, offence, licence (the noun).
  [/^(def|off|lic|pret)ence(s)?$/, "$1ense$2"],
  // A doubled l before -ed/-ing/-er: travelled, labelled, modelling, signalling.
  [/([a-z]{3,}[aeiou][^aeiou]?)ll(ed|ing|er|ers)$/, "$1l$2"],
  // Single words spelled apart by other rules.
  [/^tyre(s)?$/, "tire$1"],
  [/^kerb(s)?$/, "curb$1"],
  [/^aluminium$/, "aluminum"],
  [/^sulph/, "sulf"],
  [/^grey/, "gray"],
  [/^mould/, "mold"],
  [/^programme(s)?$/, "program$1"],
  [/^plough/, "plow"],
  [/^storey(s)?$/, "story$1"],
  [/^backdraught(s)?$/, "backdraft$1"],
  [/^draught(s)?$/, "draft$1"],
  [/^pyjama/, "pajama"],
  [/^cheque/, "check"],
  [/^practise(s|d)?$/, "practice$1"],
  [/^practising$/, "practicing"],
];

export function spellingKey(word: string): string {
  let key = word.toLowerCase();
  for (const [pattern, replacement] of RULES) key = key.replace(pattern, replacement);
  return key;
}
