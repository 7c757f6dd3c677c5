/** The leagues of goals and points: soccer (with virtual soccer), basketball, hockey, handball, American football. */
import { type League, names, teams } from './types';

const H = 24 * 60;

export const SOCCER: League[] = [
  {
    leagueId: 'kleague1', sport: 'soccer', names: names('K리그1', 'K League 1'), virtual: false, bestOf: null,
    everyMinutes: 60, offsetMinutes: 0, horizonMinutes: H, speed: 1, modelOptions: {},
    teams: teams('kl1', [
      ['ulsan', '울산 HD', 'Ulsan HD', 74], ['pohang', '포항 스틸러스', 'Pohang Steelers', 66], ['jeonbuk', '전북 현대 모터스', 'Jeonbuk Hyundai Motors', 70],
      ['seoul', 'FC 서울', 'FC Seoul', 65], ['gangwon', '강원 FC', 'Gangwon FC', 60], ['suwonfc', '수원 FC', 'Suwon FC', 55],
      ['gimcheon', '김천 상무', 'Gimcheon Sangmu', 62], ['incheon', '인천 유나이티드', 'Incheon United', 52], ['gwangju', '광주 FC', 'Gwangju FC', 58],
      ['jeju', '제주 SK', 'Jeju SK', 54], ['daegu', '대구 FC', 'Daegu FC', 50], ['daejeon', '대전 하나 시티즌', 'Daejeon Hana Citizen', 57],
    ]),
  },
  {
    leagueId: 'epl', sport: 'soccer', names: names('프리미어리그', 'Premier League'), virtual: false, bestOf: null,
    everyMinutes: 60, offsetMinutes: 30, horizonMinutes: H, speed: 1, modelOptions: {},
    teams: teams('epl', [
      ['mci', '맨체스터 시티', 'Manchester City', 88], ['ars', '아스널', 'Arsenal', 86], ['liv', '리버풀', 'Liverpool', 87],
      ['che', '첼시', 'Chelsea', 78], ['tot', '토트넘 홋스퍼', 'Tottenham Hotspur', 74], ['mun', '맨체스터 유나이티드', 'Manchester United', 72],
      ['new', '뉴캐슬 유나이티드', 'Newcastle United', 76], ['avl', '애스턴 빌라', 'Aston Villa', 75], ['bha', '브라이턴', 'Brighton & Hove Albion', 70],
      ['whu', '웨스트햄 유나이티드', 'West Ham United', 64], ['eve', '에버턴', 'Everton', 58], ['wol', '울버햄튼', 'Wolverhampton Wanderers', 60],
    ]),
  },
  {
    leagueId: 'vsoccer', sport: 'soccer', names: names('가상 축구', 'Virtual Football'), virtual: true, bestOf: null,
    // A match every three minutes: ninety minutes of play in two real minutes.
    everyMinutes: 3, offsetMinutes: 0, horizonMinutes: 30, speed: 45, modelOptions: { neutral: true },
    teams: teams('vs', [
      ['lions', '레드 라이온즈', 'Red Lions', 72], ['eagles', '블루 이글스', 'Blue Eagles', 68], ['tigers', '골든 타이거즈', 'Golden Tigers', 64],
      ['wolves', '실버 울브즈', 'Silver Wolves', 60], ['sharks', '오션 샤크스', 'Ocean Sharks', 56], ['bulls', '블랙 불스', 'Black Bulls', 52],
      ['hawks', '스톰 호크스', 'Storm Hawks', 48], ['bears', '그린 베어스', 'Green Bears', 44],
    ]),
  },
];

export const BASKETBALL: League[] = [
  {
    leagueId: 'kbl', sport: 'basketball', names: names('KBL', 'KBL'), virtual: false, bestOf: null,
    everyMinutes: 45, offsetMinutes: 0, horizonMinutes: 12 * 60, speed: 1, modelOptions: {},
    teams: teams('kbl', [
      ['kcc', '부산 KCC 이지스', 'Busan KCC Egis', 66], ['sk', '서울 SK 나이츠', 'Seoul SK Knights', 68], ['lg', '창원 LG 세이커스', 'Changwon LG Sakers', 64],
      ['kt', '수원 KT 소닉붐', 'Suwon KT Sonicboom', 62], ['sono', '고양 소노 스카이거너스', 'Goyang Sono Skygunners', 52], ['kgc', '안양 정관장 레드부스터스', 'Anyang Jung Kwan Jang Red Boosters', 58],
      ['dongbu', '원주 DB 프로미', 'Wonju DB Promy', 63], ['samsung', '서울 삼성 썬더스', 'Seoul Samsung Thunders', 48], ['mobis', '울산 현대모비스 피버스', 'Ulsan Hyundai Mobis Phoebus', 60],
      ['gas', '대구 한국가스공사 페가수스', 'Daegu KOGAS Pegasus', 55],
    ]),
  },
  {
    leagueId: 'nba', sport: 'basketball', names: names('NBA', 'NBA'), virtual: false, bestOf: null,
    everyMinutes: 45, offsetMinutes: 20, horizonMinutes: 12 * 60, speed: 1, modelOptions: {},
    teams: teams('nba', [
      ['bos', '보스턴 셀틱스', 'Boston Celtics', 84], ['den', '덴버 너게츠', 'Denver Nuggets', 80], ['okc', '오클라호마시티 썬더', 'Oklahoma City Thunder', 85],
      ['lal', 'LA 레이커스', 'Los Angeles Lakers', 72], ['gsw', '골든스테이트 워리어스', 'Golden State Warriors', 70], ['mil', '밀워키 벅스', 'Milwaukee Bucks', 74],
      ['phi', '필라델피아 세븐티식서스', 'Philadelphia 76ers', 66], ['nyk', '뉴욕 닉스', 'New York Knicks', 78], ['mia', '마이애미 히트', 'Miami Heat', 68],
      ['dal', '댈러스 매버릭스', 'Dallas Mavericks', 75], ['phx', '피닉스 선즈', 'Phoenix Suns', 67], ['sas', '샌안토니오 스퍼스', 'San Antonio Spurs', 58],
    ]),
  },
];

export const HOCKEY: League[] = [
  {
    leagueId: 'nhl', sport: 'hockey', names: names('NHL', 'NHL'), virtual: false, bestOf: null,
    everyMinutes: 40, offsetMinutes: 0, horizonMinutes: 12 * 60, speed: 1, modelOptions: {},
    teams: teams('nhl', [
      ['fla', '플로리다 팬서스', 'Florida Panthers', 80], ['edm', '에드먼턴 오일러스', 'Edmonton Oilers', 79], ['col', '콜로라도 애벌랜치', 'Colorado Avalanche', 77],
      ['nyr', '뉴욕 레인저스', 'New York Rangers', 74], ['dal', '댈러스 스타스', 'Dallas Stars', 78], ['tor', '토론토 메이플리프스', 'Toronto Maple Leafs', 73],
      ['vgk', '베이거스 골든나이츠', 'Vegas Golden Knights', 75], ['bos', '보스턴 브루인스', 'Boston Bruins', 71], ['tbl', '탬파베이 라이트닝', 'Tampa Bay Lightning', 70],
      ['mtl', '몬트리올 캐나디언스', 'Montreal Canadiens', 60],
    ]),
  },
  {
    leagueId: 'alih', sport: 'hockey', names: names('아시아리그 아이스하키', 'Asia League Ice Hockey'), virtual: false, bestOf: null,
    everyMinutes: 40, offsetMinutes: 20, horizonMinutes: 12 * 60, speed: 1, modelOptions: {},
    teams: teams('alih', [
      ['halla', 'HL 안양', 'HL Anyang', 72], ['freeblades', '도호쿠 프리블레이즈', 'Tohoku Free Blades', 62], ['redeagles', '레드이글스 홋카이도', 'Red Eagles Hokkaido', 66],
      ['icebucks', '닛코 아이스벅스', 'Nikko Ice Bucks', 58], ['cranes', '요코하마 그릿츠', 'Yokohama Grits', 50], ['stars', '스타즈 고베', 'Stars Kobe', 48],
    ]),
  },
];

export const HANDBALL: League[] = [
  {
    leagueId: 'hleague', sport: 'handball', names: names('핸드볼 H리그', 'Handball H League'), virtual: false, bestOf: null,
    everyMinutes: 40, offsetMinutes: 0, horizonMinutes: 12 * 60, speed: 1, modelOptions: {},
    teams: teams('hl', [
      ['doosan', '두산', 'Doosan', 74], ['sangmu', '국군체육부대', 'Korea Armed Forces', 62], ['incheon', '인천도시공사', 'Incheon Urban Development', 66],
      ['hanam', '하남시청', 'Hanam City Hall', 64], ['sk', 'SK 호크스', 'SK Hawks', 70], ['chungnam', '충남도청', 'Chungnam Provincial Office', 58],
    ]),
  },
  {
    leagueId: 'ehfcl', sport: 'handball', names: names('EHF 챔피언스리그', 'EHF Champions League'), virtual: false, bestOf: null,
    everyMinutes: 40, offsetMinutes: 20, horizonMinutes: 12 * 60, speed: 1, modelOptions: {},
    teams: teams('ehf', [
      ['barca', 'FC 바르셀로나', 'FC Barcelona', 86], ['kiel', 'THW 킬', 'THW Kiel', 80], ['veszprem', '베스프렘', 'Veszprém', 82],
      ['psg', '파리 생제르맹', 'Paris Saint-Germain', 81], ['aalborg', '올보르', 'Aalborg Håndbold', 78], ['magdeburg', 'SC 마그데부르크', 'SC Magdeburg', 83],
      ['kielce', '키엘체', 'Industria Kielce', 76], ['szeged', '세게드', 'Pick Szeged', 72],
    ]),
  },
];

export const FOOTBALL: League[] = [
  {
    leagueId: 'nfl', sport: 'football', names: names('NFL', 'NFL'), virtual: false, bestOf: null,
    everyMinutes: 45, offsetMinutes: 0, horizonMinutes: 24 * 60, speed: 1, modelOptions: {},
    teams: teams('nfl', [
      ['kc', '캔자스시티 치프스', 'Kansas City Chiefs', 84], ['sf', '샌프란시스코 포티나이너스', 'San Francisco 49ers', 80], ['bal', '볼티모어 레이븐스', 'Baltimore Ravens', 82],
      ['det', '디트로이트 라이온스', 'Detroit Lions', 81], ['buf', '버펄로 빌스', 'Buffalo Bills', 79], ['phi', '필라델피아 이글스', 'Philadelphia Eagles', 83],
      ['dal', '댈러스 카우보이스', 'Dallas Cowboys', 70], ['gb', '그린베이 패커스', 'Green Bay Packers', 74], ['mia', '마이애미 돌핀스', 'Miami Dolphins', 68],
      ['cin', '신시내티 벵골스', 'Cincinnati Bengals', 72], ['nyg', '뉴욕 자이언츠', 'New York Giants', 55], ['chi', '시카고 베어스', 'Chicago Bears', 60],
    ]),
  },
  {
    leagueId: 'ncaaf', sport: 'football', names: names('NCAA 풋볼', 'NCAA Football'), virtual: false, bestOf: null,
    everyMinutes: 45, offsetMinutes: 25, horizonMinutes: 24 * 60, speed: 1, modelOptions: {},
    teams: teams('ncaaf', [
      ['uga', '조지아 불독스', 'Georgia Bulldogs', 82], ['osu', '오하이오 스테이트 벅아이스', 'Ohio State Buckeyes', 84], ['tex', '텍사스 롱혼스', 'Texas Longhorns', 80],
      ['ore', '오리건 덕스', 'Oregon Ducks', 79], ['ala', '앨라배마 크림슨 타이드', 'Alabama Crimson Tide', 78], ['nd', '노터데임 파이팅 아이리시', 'Notre Dame Fighting Irish', 76],
      ['mich', '미시간 울버린스', 'Michigan Wolverines', 72], ['psu', '펜실베이니아 스테이트 니터니 라이언스', 'Penn State Nittany Lions', 77],
    ]),
  },
];
