"""FIDE's federation codes, for checking ``federation:`` (docs/folder-format.md).

Provenance: the federation table of FIDE's rating site
(https://ratings.fide.com/top_federations.phtml, as listed in 2025), the codes
FIDE uses in its rating lists and in the TRF 001 record (columns 54-56). They
mostly follow the IOC's codes, with FIDE's own for England (ENG), Scotland
(SCO), Wales (WLS), Guernsey (GCI), Jersey (JCI), Isle of Man (IOM) and the
FIDE flag (FID). Each line: the FIDE code, the ISO 3166-1 alpha-2 code of the
same country ("-" where there is none; used only for hints such as NO -> NOR)
and the name.

>>> FIDE_CODES["NOR"]
'Norway'
>>> ISO_TO_FIDE["NO"], ISO_TO_FIDE["DE"]
('NOR', 'GER')
"""

from __future__ import annotations

import re

_TABLE = """\
AFG AF Afghanistan
AHO - Netherlands Antilles
ALB AL Albania
ALG DZ Algeria
AND AD Andorra
ANG AO Angola
ANT AG Antigua and Barbuda
ARG AR Argentina
ARM AM Armenia
ARU AW Aruba
AUS AU Australia
AUT AT Austria
AZE AZ Azerbaijan
BAH BS Bahamas
BAN BD Bangladesh
BAR BB Barbados
BDI BI Burundi
BEL BE Belgium
BER BM Bermuda
BHU BT Bhutan
BIH BA Bosnia and Herzegovina
BIZ BZ Belize
BLR BY Belarus
BOL BO Bolivia
BOT BW Botswana
BRA BR Brazil
BRN BH Bahrain
BRU BN Brunei Darussalam
BUL BG Bulgaria
BUR BF Burkina Faso
CAF CF Central African Republic
CAM KH Cambodia
CAN CA Canada
CAY KY Cayman Islands
CGO CG Congo
CHA TD Chad
CHI CL Chile
CHN CN China
CIV CI Cote d'Ivoire
CMR CM Cameroon
COD CD Democratic Republic of the Congo
COL CO Colombia
COM KM Comoros
CPV CV Cape Verde
CRC CR Costa Rica
CRO HR Croatia
CUB CU Cuba
CYP CY Cyprus
CZE CZ Czech Republic
DEN DK Denmark
DJI DJ Djibouti
DMA DM Dominica
DOM DO Dominican Republic
ECU EC Ecuador
EGY EG Egypt
ENG - England
ERI ER Eritrea
ESA SV El Salvador
ESP ES Spain
EST EE Estonia
ETH ET Ethiopia
FAI FO Faroe Islands
FID - FIDE
FIJ FJ Fiji
FIN FI Finland
FRA FR France
GAB GA Gabon
GAM GM Gambia
GCI GG Guernsey
GEO GE Georgia
GEQ GQ Equatorial Guinea
GER DE Germany
GHA GH Ghana
GRE GR Greece
GRL GL Greenland
GRN GD Grenada
GUA GT Guatemala
GUM GU Guam
GUY GY Guyana
HAI HT Haiti
HKG HK Hong Kong, China
HON HN Honduras
HUN HU Hungary
INA ID Indonesia
IND IN India
IOM IM Isle of Man
IRI IR Iran
IRL IE Ireland
IRQ IQ Iraq
ISL IS Iceland
ISR IL Israel
ISV VI US Virgin Islands
ITA IT Italy
IVB VG British Virgin Islands
JAM JM Jamaica
JCI JE Jersey
JOR JO Jordan
JPN JP Japan
KAZ KZ Kazakhstan
KEN KE Kenya
KGZ KG Kyrgyzstan
KOR KR South Korea
KOS XK Kosovo
KSA SA Saudi Arabia
KUW KW Kuwait
LAO LA Laos
LAT LV Latvia
LBA LY Libya
LBN LB Lebanon
LBR LR Liberia
LCA LC Saint Lucia
LES LS Lesotho
LIE LI Liechtenstein
LTU LT Lithuania
LUX LU Luxembourg
MAC MO Macau
MAD MG Madagascar
MAR MA Morocco
MAS MY Malaysia
MAW MW Malawi
MDA MD Moldova
MDV MV Maldives
MEX MX Mexico
MGL MN Mongolia
MKD MK North Macedonia
MLI ML Mali
MLT MT Malta
MNC MC Monaco
MNE ME Montenegro
MOZ MZ Mozambique
MRI MU Mauritius
MTN MR Mauritania
MYA MM Myanmar
NAM NA Namibia
NCA NI Nicaragua
NCL NC New Caledonia
NED NL Netherlands
NEP NP Nepal
NGR NG Nigeria
NIG NE Niger
NOR NO Norway
NRU NR Nauru
NZL NZ New Zealand
OMA OM Oman
PAK PK Pakistan
PAN PA Panama
PAR PY Paraguay
PER PE Peru
PHI PH Philippines
PLE PS Palestine
PLW PW Palau
PNG PG Papua New Guinea
POL PL Poland
POR PT Portugal
PUR PR Puerto Rico
QAT QA Qatar
ROU RO Romania
RSA ZA South Africa
RUS RU Russia
RWA RW Rwanda
SCO - Scotland
SEN SN Senegal
SEY SC Seychelles
SGP SG Singapore
SKN KN Saint Kitts and Nevis
SLE SL Sierra Leone
SLO SI Slovenia
SMR SM San Marino
SOL SB Solomon Islands
SOM SO Somalia
SRB RS Serbia
SRI LK Sri Lanka
SSD SS South Sudan
STP ST Sao Tome and Principe
SUD SD Sudan
SUI CH Switzerland
SUR SR Suriname
SVK SK Slovakia
SWE SE Sweden
SWZ SZ Eswatini
SYR SY Syria
TAN TZ Tanzania
TGA TO Tonga
THA TH Thailand
TJK TJ Tajikistan
TKM TM Turkmenistan
TLS TL Timor-Leste
TOG TG Togo
TPE TW Chinese Taipei
TTO TT Trinidad and Tobago
TUN TN Tunisia
TUR TR Turkiye
UAE AE United Arab Emirates
UGA UG Uganda
UKR UA Ukraine
URU UY Uruguay
USA US United States of America
UZB UZ Uzbekistan
VAN VU Vanuatu
VEN VE Venezuela
VIE VN Vietnam
VIN VC Saint Vincent and the Grenadines
WLS - Wales
YEM YE Yemen
ZAM ZM Zambia
ZIM ZW Zimbabwe
"""


def _rows() -> list[tuple[str, str, str]]:
    rows = []
    for line in _TABLE.splitlines():
        code, iso, name = line.split(" ", 2)
        rows.append((code, iso, name))
    return rows


FIDE_CODES: dict[str, str] = {code: name for code, _, name in _rows()}
ISO_TO_FIDE: dict[str, str] = {iso: code for code, iso, _ in _rows() if iso != "-"}
# The United Kingdom plays as three federations.
ISO_TO_FIDE["GB"] = "ENG, SCO or WLS"

_WELL_FORMED = re.compile(r"^[A-Z]{2,3}$")
ANY = "any"  # ``federations: any`` in tournament.yaml: every 2-3 letter code is accepted


def federation_problem(code: str, extra: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """None when ``code`` may be written, else (message, hint).

    ``extra`` holds the codes tournament.yaml allows besides FIDE's (its
    ``federations:`` key); ``any`` among them accepts every 2-3 letter code.

    >>> federation_problem("NOR") is None
    True
    >>> federation_problem("NO")
    ("'NO' is not a FIDE federation code", "did you mean 'NOR' (Norway)?")
    >>> federation_problem("XQZ", ("XQZ",)) is None
    True
    """
    if code in FIDE_CODES or code in extra:
        return None
    well_formed = _WELL_FORMED.match(code) is not None
    if ANY in extra and well_formed:
        return None
    upper = code.upper()
    if upper != code and (upper in FIDE_CODES or upper in extra):
        return f"federation '{code}' must be written in capitals", f"write {upper}"
    message = f"'{code}' is not a FIDE federation code"
    if not well_formed:
        message = f"'{code}' is not a federation code (2-3 capital letters)"
    guess = ISO_TO_FIDE.get(upper)
    if guess and guess in FIDE_CODES:
        return message, f"did you mean '{guess}' ({FIDE_CODES[guess]})?"
    if guess:
        return message, f"did you mean {guess}?"
    import difflib  # only for a mistake's hint

    close = difflib.get_close_matches(upper, [*FIDE_CODES, *extra], n=1, cutoff=0.6)
    if close and close[0] in FIDE_CODES:
        return message, f"did you mean '{close[0]}' ({FIDE_CODES[close[0]]})?"
    if close:
        return message, f"did you mean '{close[0]}'?"
    return message, (
        "FIDE's codes are listed in docs/folder-format.md; a national event can allow "
        "others with 'federations:' in tournament.yaml"
    )
