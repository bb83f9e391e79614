/**
 * Passwords of at least 8 characters that appear at the top of every public breach-frequency list.
 * Checked case-insensitively; a password on this list is refused at sign-up, reset and change.
 */
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '87654321', '11111111', '00000000', '88888888',
  '55555555', '66666666', '77777777', '99999999', '22222222', '12341234', '11223344', '12121212',
  '123123123', '147258369', '741852963', '159753456', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'q1w2e3r4',
  'qwertyui', 'qwertyuiop', 'qwerty123', 'qwerty12', 'qwerty1234', 'asdfghjk', 'asdfghjkl', 'zxcvbnm1',
  'zaq12wsx', 'password', 'password1', 'password12', 'password123', 'password!', 'passw0rd', 'p@ssw0rd',
  'p@ssword', 'pa$$word', 'iloveyou', 'iloveyou1', 'sunshine', 'sunshine1', 'princess', 'princess1',
  'football', 'football1', 'baseball', 'basketball', 'superman', 'batman123', 'starwars', 'whatever',
  'trustno1', 'welcome1', 'welcome123', 'letmein1', 'letmein123', 'changeme', 'changeme1', 'abc12345',
  'abcd1234', 'abcdefgh', 'a1b2c3d4', 'aa123456', 'admin123', 'admin1234', 'administrator', 'root1234',
  'monkey123', 'dragon123', 'master123', 'shadow123', 'michael1', 'jennifer', 'jordan23', 'computer',
  'internet', 'corvette', 'mercedes', 'mustang1', 'chocolate', 'butterfly', 'liverpool', 'chelsea1',
  'arsenal1', 'blink182', 'pokemon1', 'samsung1', 'google123', 'iloveu123', 'loveyou1', 'lovely123',
  'babygirl', 'babygirl1', 'daniel123', 'charlie1', 'freedom1', 'secret123', 'summer2024', 'summer2025',
  'summer2026', 'winter2025', 'winter2026', 'spring2026', 'autumn2026', 'fall2026', 'doctor123', 'medicine',
  'hospital', 'hospital1', 'nurse123', 'physician', 'vitae123', 'vitaevitae', 'qazwsxedc', 'asdf1234',
  'zxcv1234', 'test1234', 'testtest', 'test12345', 'guest123', 'user1234', 'default1', 'access14',
  'matrix123', 'hello123', 'helloworld', 'football123', 'soccer123', 'hockey123', 'ncc1701d', 'thx1138a',
]);

export function isCommonPassword(password: string) {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
