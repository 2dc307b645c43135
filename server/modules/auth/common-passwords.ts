// The most common leaked passwords of 8+ characters (shorter ones fail the length rule anyway),
// drawn from public breach-frequency lists such as SecLists' "10k most common".
const COMMON = `password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword
12345678 123456789 1234567890 12345678910 123123123 11111111 00000000 88888888 87654321
1q2w3e4r 1q2w3e4r5t 1qaz2wsx qwertyuiop qwerty123 qwerty1234 qwerty12 qwertyui asdfghjkl
zxcvbnm123 iloveyou iloveyou1 sunshine sunshine1 princess princess1 football football1
baseball baseball1 welcome1 welcome123 letmein1 letmein123 trustno1 superman batman123
starwars starwars1 whatever computer internet abc12345 abcd1234 abcdefgh aa123456 a1234567
michael1 jennifer jordan23 charlie1 shadow12 master12 dragon12 monkey12 mustang1 liverpool
chelsea1 arsenal1 samsung1 google123 admin123 administrator changeme changeme123 secret123
summer2024 summer2025 winter2024 spring2025 autumn2025 monday123 freedom1 myspace1 pokemon1
lovely123 love1234 hello123 hello1234 helloworld 123qweasd qweasdzxc 1234qwer q1w2e3r4
q1w2e3r4t5 zaq12wsx 147258369 159753456 987654321 999999999 5201314520 666666666 12341234
11223344 55555555 77777777 99999999 22222222 33333333 44444444 66666666 131313131 121212121
password! password2 password01 password7 passwords canopy123 canopy2026 treeplanting
greentree iloveu123 mypassword yourpassword nopassword thisisit letmeinnow opensesame
football123 baseball123 soccer123 hockey123 basketball jesus123 blessed1 flower123 flowers1
butterfly butterfly1 babygirl1 chocolate cookie123 cheese123 pepper123 ginger123 orange123
banana123 purple123 yellow123 silver123 golden123 diamond1 matrix123 killer123 hunter123
hunter2hunter ranger123 soccer12 tigger123 jessica1 ashley123 nicole123 daniel123 andrew123
joshua123 robert123 thomas123 william1 anthony1 matthew1 access123 accessdenied login123
loginlogin passpass passw0rd1 pass1234 pass12345 qazwsxedc qazwsx123 asdf1234 asdfasdf
zxcvbnm1 zxcvbnmm 7777777777 1111111111 0987654321 abc123456 abcabc123 test1234 testtest
guest123 user1234 root1234 toor1234 master123 default123 temp1234 temporary`;

const COMMON_PASSWORDS = new Set(COMMON.split(/\s+/).filter(Boolean));

/** True for passwords on the common list, ignoring case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
