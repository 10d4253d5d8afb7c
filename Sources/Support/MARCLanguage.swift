/// MARC language codes, as Open Library keeps them (`/languages/ger`), and BCP 47 tags, as
/// pages and structured data need them (`de`).
///
/// MARC codes are ISO 639-2/B codes plus a few discontinued ones; BCP 47 takes the ISO 639-1
/// code where one exists, otherwise the three letters (ISO 639-2/T). The table comes from
/// Debian's iso-codes (iso_639-2.json: every language with a two-letter code, under both its
/// B and T codes) and the MARC list's discontinued codes (`scc` Serbian, `esp` Esperanto, …).
package enum MARCLanguage {
  /// `/languages/eng` → `eng`; nil for anything else.
  package static func code(fromKey key: String) -> String? {
    guard key.hasPrefix("/languages/") else { return nil }
    let code = String(key.dropFirst("/languages/".count))
    return isCode(code) ? code : nil
  }

  /// The BCP 47 tag of a MARC code: `ger` → `de`, `chi` → `zh`, `haw` → `haw`. Nil for the
  /// codes that name no language (`und` undetermined, `mul` several, `zxx` none, `mis`) and
  /// for anything that is not three ASCII letters.
  package static func bcp47(_ code: String) -> String? {
    let code = code.lowercased()
    guard isCode(code), !noLanguage.contains(code) else { return nil }
    return twoLetter[code] ?? code
  }

  /// The MARC code of a language tag's primary subtag (`de`, `de-AT`, `ger`, `deu` → `ger`),
  /// as Open Library's search takes it; nil when the tag names no language the table knows.
  package static func code(fromTag tag: String) -> String? {
    let primary = String(tag.lowercased().prefix { $0 != "-" && $0 != "_" })
    if isCode(primary) {
      guard !noLanguage.contains(primary) else { return nil }
      return bibliographic[primary] ?? primary
    }
    return marc[primary]
  }

  private static func isCode(_ text: String) -> Bool {
    text.utf8.count == 3 && text.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
  }

  private static let noLanguage: Set<String> = ["und", "mul", "zxx", "mis"]

  /// MARC or ISO 639-2/T code → ISO 639-1 code.
  private static let twoLetter = Dictionary(parse(pairs + " " + discontinued), uniquingKeysWith: { $1 })

  /// ISO 639-1 code → its MARC code (the B code where B and T differ).
  private static let marc: [String: String] = {
    let bibliographicCodes = Set(bibliographic.values)
    var table: [String: String] = [:]
    for (code, tag) in parse(pairs) where table[tag] == nil || bibliographicCodes.contains(code) {
      table[tag] = code
    }
    return table
  }()

  /// `code=tag` pairs separated by whitespace.
  private static func parse(_ text: String) -> [(String, String)] {
    text.split(whereSeparator: \.isWhitespace).map { pair in
      let parts = pair.split(separator: "=")
      return (String(parts[0]), String(parts[1]))
    }
  }

  /// ISO 639-2/T code → its B code, where they differ (`deu` → `ger`).
  private static let bibliographic: [String: String] = [
    "bod": "tib", "ces": "cze", "cym": "wel", "deu": "ger", "ell": "gre", "eus": "baq", "fas": "per",
    "fra": "fre", "hye": "arm", "isl": "ice", "kat": "geo", "mkd": "mac", "mri": "mao", "msa": "may",
    "mya": "bur", "nld": "dut", "ron": "rum", "slk": "slo", "sqi": "alb", "zho": "chi",
  ]

  /// MARC and ISO 639-2 codes with a two-letter code: `code=639-1`.
  private static let pairs = """
    aar=aa abk=ab afr=af aka=ak alb=sq amh=am ara=ar arg=an arm=hy asm=as ava=av ave=ae aym=ay
    aze=az bak=ba bam=bm baq=eu bel=be ben=bn bih=bh bis=bi bod=bo bos=bs bre=br bul=bg bur=my
    cat=ca ces=cs cha=ch che=ce chi=zh chu=cu chv=cv cor=kw cos=co cre=cr cym=cy cze=cs dan=da
    deu=de div=dv dut=nl dzo=dz ell=el eng=en epo=eo est=et eus=eu ewe=ee fao=fo fas=fa fij=fj
    fin=fi fra=fr fre=fr fry=fy ful=ff geo=ka ger=de gla=gd gle=ga glg=gl glv=gv gre=el grn=gn
    guj=gu hat=ht hau=ha heb=he her=hz hin=hi hmo=ho hrv=hr hun=hu hye=hy ibo=ig ice=is ido=io
    iii=ii iku=iu ile=ie ina=ia ind=id ipk=ik isl=is ita=it jav=jv jpn=ja kal=kl kan=kn kas=ks
    kat=ka kau=kr kaz=kk khm=km kik=ki kin=rw kir=ky kom=kv kon=kg kor=ko kua=kj kur=ku lao=lo
    lat=la lav=lv lim=li lin=ln lit=lt ltz=lb lub=lu lug=lg mac=mk mah=mh mal=ml mao=mi mar=mr
    may=ms mkd=mk mlg=mg mlt=mt mon=mn mri=mi msa=ms mya=my nau=na nav=nv nbl=nr nde=nd ndo=ng
    nep=ne nld=nl nno=nn nob=nb nor=no nya=ny oci=oc oji=oj ori=or orm=om oss=os pan=pa per=fa
    pli=pi pol=pl por=pt pus=ps que=qu roh=rm ron=ro rum=ro run=rn rus=ru sag=sg san=sa sin=si
    slk=sk slo=sk slv=sl sme=se smo=sm sna=sn snd=sd som=so sot=st spa=es sqi=sq srd=sc srp=sr
    ssw=ss sun=su swa=sw swe=sv tah=ty tam=ta tat=tt tel=te tgk=tg tgl=tl tha=th tib=bo tir=ti
    ton=to tsn=tn tso=ts tuk=tk tur=tr twi=tw uig=ug ukr=uk urd=ur uzb=uz ven=ve vie=vi vol=vo
    wel=cy wln=wa wol=wo xho=xh yid=yi yor=yo zha=za zho=zh zul=zu
    """

  /// Codes the MARC list discontinued, still found in old records.
  private static let discontinued = """
    cam=km esk=iu esp=eo eth=gez far=fo fri=fy gae=gd gag=gl gal=om int=ia iri=ga kus=kos lan=oc
    lap=smi max=gv mla=mg mol=ro sao=sm scc=sr scr=hr sho=sn snh=si sso=st swz=ss tag=tl taj=tg
    tar=tt tsw=tn
    """
}
