/**
 * The leagues of runs, rallies, games, rounds and maps: baseball, volleyball, badminton, tennis, combat
 * (fighters as the sides, one league per weight class) and e-sports (LoL best of 3 and 5, CS2, Valorant).
 * Players and fighters are made-up names.
 */
import { type League, names, teams } from './types';

const H = 24 * 60;

export const BASEBALL: League[] = [
  {
    leagueId: 'kbo', sport: 'baseball', names: names('KBO 리그', 'KBO League'), virtual: false, bestOf: null,
    everyMinutes: 60, offsetMinutes: 0, horizonMinutes: H, speed: 1, modelOptions: {},
    teams: teams('kbo', [
      ['kia', 'KIA 타이거즈', 'KIA Tigers', 74], ['samsung', '삼성 라이온즈', 'Samsung Lions', 68], ['lg', 'LG 트윈스', 'LG Twins', 70],
      ['doosan', '두산 베어스', 'Doosan Bears', 64], ['kt', 'KT 위즈', 'KT Wiz', 62], ['ssg', 'SSG 랜더스', 'SSG Landers', 60],
      ['lotte', '롯데 자이언츠', 'Lotte Giants', 56], ['hanwha', '한화 이글스', 'Hanwha Eagles', 66], ['nc', 'NC 다이노스', 'NC Dinos', 54],
      ['kiwoom', '키움 히어로즈', 'Kiwoom Heroes', 46],
    ]),
  },
  {
    leagueId: 'mlb', sport: 'baseball', names: names('MLB', 'MLB'), virtual: false, bestOf: null,
    everyMinutes: 60, offsetMinutes: 30, horizonMinutes: H, speed: 1, modelOptions: {},
    teams: teams('mlb', [
      ['lad', 'LA 다저스', 'Los Angeles Dodgers', 84], ['nyy', '뉴욕 양키스', 'New York Yankees', 80], ['phi', '필라델피아 필리스', 'Philadelphia Phillies', 76],
      ['sd', '샌디에이고 파드리스', 'San Diego Padres', 74], ['hou', '휴스턴 애스트로스', 'Houston Astros', 72], ['atl', '애틀랜타 브레이브스', 'Atlanta Braves', 73],
      ['sf', '샌프란시스코 자이언츠', 'San Francisco Giants', 62], ['bos', '보스턴 레드삭스', 'Boston Red Sox', 66], ['nym', '뉴욕 메츠', 'New York Mets', 71],
      ['sea', '시애틀 매리너스', 'Seattle Mariners', 68], ['tor', '토론토 블루제이스', 'Toronto Blue Jays', 64], ['chw', '시카고 화이트삭스', 'Chicago White Sox', 42],
    ]),
  },
];

export const VOLLEYBALL: League[] = [
  {
    leagueId: 'vleague-m', sport: 'volleyball', names: names('V-리그 남자부', 'V-League Men'), virtual: false, bestOf: 5,
    everyMinutes: 45, offsetMinutes: 0, horizonMinutes: H, speed: 1, modelOptions: { bestOf: 5 },
    teams: teams('vlm', [
      ['skyjumbos', '대한항공 점보스', 'Korean Air Jumbos', 72], ['skywalkers', '현대캐피탈 스카이워커스', 'Hyundai Capital Skywalkers', 74],
      ['okman', 'OK저축은행 읏맨', 'OK Savings Bank Okman', 62], ['woori', '우리카드 우리WON', 'Woori Card WooriWON', 64],
      ['kepco', '한국전력 빅스톰', 'KEPCO Vixtorm', 58], ['samsungfire', '삼성화재 블루팡스', 'Samsung Fire Bluefangs', 54],
      ['kb', 'KB손해보험 스타즈', 'KB Insurance Stars', 60],
    ]),
  },
  {
    leagueId: 'vleague-w', sport: 'volleyball', names: names('V-리그 여자부', 'V-League Women'), virtual: false, bestOf: 5,
    everyMinutes: 45, offsetMinutes: 25, horizonMinutes: H, speed: 1, modelOptions: { bestOf: 5 },
    teams: teams('vlw', [
      ['pinkspiders', '흥국생명 핑크스파이더스', 'Heungkuk Life Pink Spiders', 74], ['hillstate', '현대건설 힐스테이트', 'Hyundai E&C Hillstate', 72],
      ['redsparks', '정관장 레드스파크스', 'Jung Kwan Jang Red Sparks', 66], ['hipass', '한국도로공사 하이패스', 'Korea Expressway Hi-pass', 62],
      ['pepper', '페퍼저축은행 AI페퍼스', 'Pepper Savings Bank AI Peppers', 50], ['gsc', 'GS칼텍스 서울 KIXX', 'GS Caltex Seoul KIXX', 58],
      ['ibk', 'IBK기업은행 알토스', 'IBK Altos', 60],
    ]),
  },
];

export const BADMINTON: League[] = [
  {
    leagueId: 'bwf-ms', sport: 'badminton', names: names('BWF 월드투어 남자 단식', 'BWF World Tour Men\'s Singles'), virtual: false, bestOf: 3,
    everyMinutes: 20, offsetMinutes: 0, horizonMinutes: 12 * 60, speed: 1, modelOptions: { bestOf: 3 },
    teams: teams('bms', [
      ['kimdh', '김도현', 'Kim Do-hyun', 78], ['parkjw', '박준우', 'Park Jun-woo', 70], ['leesh', '이승환', 'Lee Seung-hwan', 66],
      ['hansen', '한센 묄레르', 'Hansen Møller', 80], ['wangl', '왕레이', 'Wang Lei', 76], ['tanaka', '다나카 료', 'Ryo Tanaka', 72],
      ['suryo', '수르요 프라타마', 'Suryo Pratama', 68], ['kumar', '아르준 쿠마르', 'Arjun Kumar', 64],
    ]),
  },
  {
    leagueId: 'bwf-ws', sport: 'badminton', names: names('BWF 월드투어 여자 단식', 'BWF World Tour Women\'s Singles'), virtual: false, bestOf: 3,
    everyMinutes: 20, offsetMinutes: 10, horizonMinutes: 12 * 60, speed: 1, modelOptions: { bestOf: 3 },
    teams: teams('bws', [
      ['ohsy', '오서연', 'Oh Seo-yeon', 82], ['jungha', '정하은', 'Jung Ha-eun', 70], ['chenyu', '천위', 'Chen Yu', 78],
      ['yamada', '야마다 아오이', 'Aoi Yamada', 74], ['larsen', '이다 라르센', 'Ida Larsen', 66], ['putri', '푸트리 안자니', 'Putri Anjani', 64],
      ['linmei', '린메이', 'Lin Mei', 72], ['sharma', '프리야 샤르마', 'Priya Sharma', 62],
    ]),
  },
];

export const TENNIS: League[] = [
  {
    leagueId: 'atp', sport: 'tennis', names: names('ATP 투어', 'ATP Tour'), virtual: false, bestOf: 3,
    everyMinutes: 40, offsetMinutes: 0, horizonMinutes: H, speed: 1, modelOptions: { bestOf: 3 },
    teams: teams('atp', [
      ['novak', '루카 노바크', 'Luka Novak', 84], ['moreno', '카를로스 모레노', 'Carlos Moreno', 86], ['fischer', '얀 피셔', 'Jan Fischer', 82],
      ['rossi', '마테오 로시', 'Matteo Rossi', 80], ['kwon', '권지훈', 'Kwon Ji-hoon', 70], ['dubois', '앙투안 뒤부아', 'Antoine Dubois', 74],
      ['ivanov', '세르게이 이바노프', 'Sergei Ivanov', 78], ['walker', '벤 워커', 'Ben Walker', 72], ['sato', '사토 겐', 'Ken Sato', 68],
      ['silva', '페드로 실바', 'Pedro Silva', 66],
    ]),
  },
  {
    leagueId: 'wta', sport: 'tennis', names: names('WTA 투어', 'WTA Tour'), virtual: false, bestOf: 3,
    everyMinutes: 40, offsetMinutes: 20, horizonMinutes: H, speed: 1, modelOptions: { bestOf: 3 },
    teams: teams('wta', [
      ['kowalska', '아냐 코발스카', 'Anja Kowalska', 84], ['petrova', '다리야 페트로바', 'Darya Petrova', 82], ['garcia', '루시아 가르시아', 'Lucía García', 78],
      ['jang', '장수아', 'Jang Su-a', 72], ['muller', '레나 뮐러', 'Lena Müller', 76], ['brooks', '에밀리 브룩스', 'Emily Brooks', 80],
      ['zhang', '장링', 'Zhang Ling', 74], ['novotna', '테레자 노보트나', 'Tereza Novotná', 70],
    ]),
  },
];

/** Fights one after another in three weight classes, a few minutes apart. */
export const COMBAT: League[] = [
  {
    leagueId: 'hfc-lw', sport: 'combat', names: names('HFC 라이트급', 'HFC Lightweight'), virtual: false, bestOf: null,
    everyMinutes: 9, offsetMinutes: 0, horizonMinutes: 6 * 60, speed: 1, modelOptions: {},
    teams: teams('hlw', [
      ['choi', '최강민', 'Choi Kang-min', 78], ['reyes', '디에고 레예스', 'Diego Reyes', 82], ['volkov', '아르템 볼코프', 'Artem Volkov', 80],
      ['oconnor', '숀 오코너', 'Sean O\'Connor', 74], ['nakamura', '나카무라 다이키', 'Daiki Nakamura', 70], ['silva', '하파엘 시우바', 'Rafael Silva', 76],
      ['kim', '김태양', 'Kim Tae-yang', 68], ['jackson', '마커스 잭슨', 'Marcus Jackson', 72],
    ]),
  },
  {
    leagueId: 'hfc-ww', sport: 'combat', names: names('HFC 웰터급', 'HFC Welterweight'), virtual: false, bestOf: null,
    everyMinutes: 9, offsetMinutes: 3, horizonMinutes: 6 * 60, speed: 1, modelOptions: {},
    teams: teams('hww', [
      ['park', '박성훈', 'Park Sung-hoon', 76], ['costa', '루카스 코스타', 'Lucas Costa', 80], ['petrov', '니콜라이 페트로프', 'Nikolai Petrov', 78],
      ['miller', '제이크 밀러', 'Jake Miller', 72], ['mendes', '티아구 멘데스', 'Tiago Mendes', 74], ['yoon', '윤재혁', 'Yoon Jae-hyuk', 70],
      ['hassan', '오마르 하산', 'Omar Hassan', 82], ['brown', '타일러 브라운', 'Tyler Brown', 66],
    ]),
  },
  {
    leagueId: 'hfc-hw', sport: 'combat', names: names('HFC 헤비급', 'HFC Heavyweight'), virtual: false, bestOf: null,
    everyMinutes: 9, offsetMinutes: 6, horizonMinutes: 6 * 60, speed: 1, modelOptions: {},
    teams: teams('hhw', [
      ['lee', '이대호', 'Lee Dae-ho', 74], ['kowalski', '토마시 코발스키', 'Tomasz Kowalski', 80], ['ngata', '타니 응가타', 'Tane Ngata', 82],
      ['smith', '드웨인 스미스', 'Dwayne Smith', 76], ['sokolov', '이반 소콜로프', 'Ivan Sokolov', 78], ['santos', '주니오르 산투스', 'Junior Santos', 72],
    ]),
  },
];

export const ESPORT: League[] = [
  {
    leagueId: 'lck', sport: 'esport', names: names('LCK', 'LCK'), virtual: false, bestOf: 3,
    everyMinutes: 60, offsetMinutes: 0, horizonMinutes: H, speed: 1, modelOptions: { bestOf: 3 },
    teams: teams('lck', [
      ['t1', 'T1', 'T1', 84], ['geng', '젠지', 'Gen.G', 88], ['hle', '한화생명e스포츠', 'Hanwha Life Esports', 85],
      ['dk', '디플러스 기아', 'Dplus KIA', 78], ['kt', 'kt 롤스터', 'KT Rolster', 74], ['bfx', 'BNK 피어엑스', 'BNK FearX', 66],
      ['ns', '농심 레드포스', 'Nongshim RedForce', 64], ['drx', 'DRX', 'DRX', 60], ['bro', 'OK저축은행 브리온', 'OKSavingsBank BRION', 58],
      ['dns', 'DN 프릭스', 'DN Freecs', 62],
    ]),
  },
  {
    leagueId: 'lol-msi', sport: 'esport', names: names('LoL MSI', 'LoL Mid-Season Invitational'), virtual: false, bestOf: 5,
    everyMinutes: 120, offsetMinutes: 40, horizonMinutes: H, speed: 1, modelOptions: { bestOf: 5 },
    teams: teams('msi', [
      ['geng', '젠지', 'Gen.G', 88], ['blg', '빌리빌리 게이밍', 'Bilibili Gaming', 86], ['t1', 'T1', 'T1', 84], ['g2', 'G2 e스포츠', 'G2 Esports', 78],
      ['flq', '플라이퀘스트', 'FlyQuest', 72], ['tes', '톱 e스포츠', 'Top Esports', 82],
    ]),
  },
  {
    leagueId: 'cs-pro', sport: 'esport', names: names('CS2 프로 리그', 'CS2 Pro League'), virtual: false, bestOf: 3,
    everyMinutes: 60, offsetMinutes: 30, horizonMinutes: H, speed: 1, modelOptions: { bestOf: 3 },
    teams: teams('cs', [
      ['navi', '나투스 빈체레', 'Natus Vincere', 84], ['vitality', '팀 바이탈리티', 'Team Vitality', 88], ['faze', '페이즈 클랜', 'FaZe Clan', 80],
      ['spirit', '팀 스피릿', 'Team Spirit', 82], ['mouz', '마우스스포츠', 'MOUZ', 79], ['g2', 'G2 e스포츠', 'G2 Esports', 78],
      ['liquid', '팀 리퀴드', 'Team Liquid', 72], ['heroic', '히로익', 'Heroic', 70],
    ]),
  },
  {
    leagueId: 'vct-pacific', sport: 'esport', names: names('VCT 퍼시픽', 'VCT Pacific'), virtual: false, bestOf: 3,
    everyMinutes: 60, offsetMinutes: 15, horizonMinutes: H, speed: 1, modelOptions: { bestOf: 3 },
    teams: teams('vct', [
      ['prx', '페이퍼 렉스', 'Paper Rex', 82], ['drx', 'DRX', 'DRX', 80], ['geng', '젠지', 'Gen.G', 84], ['t1', 'T1', 'T1', 76],
      ['zeta', '제타 디비전', 'ZETA DIVISION', 68], ['rrq', '렉스 레검 퀀', 'Rex Regum Qeon', 72], ['ts', '팀 시크릿', 'Team Secret', 64],
      ['dfm', '디토네이션 포커스미', 'DetonatioN FocusMe', 62],
    ]),
  },
];
