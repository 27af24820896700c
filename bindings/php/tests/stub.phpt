--TEST--
The hand-written arginfo declares exactly feeddate.stub.php (Reflection), and php --re lists it
--FILE--
<?php
// The stub's declarations, loaded under another namespace, against the extension's.
$stub = file_get_contents(__DIR__ . '/../feeddate.stub.php');
$stub = str_replace('namespace FeedDate;', 'namespace FeedDateStub;', $stub);
$stub = preg_replace('/^<\?php/', '', $stub);
eval($stub);

function type_of(?ReflectionType $t): string
{
    return str_replace('FeedDateStub\\', 'FeedDate\\', (string)$t);
}
function params_of(ReflectionFunctionAbstract $f): array
{
    $out = [];
    foreach ($f->getParameters() as $p) {
        $out[] = [$p->getName(), type_of($p->getType()), $p->isOptional(),
                  $p->isDefaultValueAvailable() ? var_export($p->getDefaultValue(), true) : '-'];
    }
    return [$out, type_of($f->getReturnType()), $f->getNumberOfRequiredParameters()];
}
$bad = 0;
function same(string $what, mixed $ext, mixed $stub): void
{
    global $bad;
    if ($ext !== $stub) {
        $bad++;
        echo "$what: extension ", json_encode($ext), " stub ", json_encode($stub), "\n";
    }
}
$ext = new ReflectionExtension('feeddate');
$classes = [];
foreach ($ext->getClassNames() as $name) $classes[] = substr($name, strlen('FeedDate\\'));
$stubClasses = [];
foreach (get_declared_classes() as $name) if (str_starts_with($name, 'FeedDateStub\\')) $stubClasses[] = substr($name, strlen('FeedDateStub\\'));
sort($classes); sort($stubClasses);
same('classes', $classes, $stubClasses);
foreach ($stubClasses as $c) {
    $e = new ReflectionClass("FeedDate\\$c");
    $s = new ReflectionClass("FeedDateStub\\$c");
    same("$c final", $e->isFinal(), $s->isFinal());
    same("$c parent", $e->getParentClass() ? $e->getParentClass()->getName() : null, $s->getParentClass() ? $s->getParentClass()->getName() : null);
    same("$c constants", $e->getConstants(), $s->getConstants());
    $props = fn ($r) => array_map(fn ($p) => [$p->getName(), type_of($p->getType()), $p->isReadOnly(), $p->isPublic()],
                                  $r->getProperties());
    same("$c properties", $props($e), $props($s));
    $own = fn ($r) => array_values(array_filter(array_map(fn ($m) => $m->getName(), $r->getMethods()),
                                                fn ($m) => $r->getMethod($m)->getDeclaringClass()->getName() === $r->getName()));
    same("$c methods", $own($e), $own($s));
    foreach ($own($s) as $m) same("$c::$m", params_of($e->getMethod($m)), params_of($s->getMethod($m)));
}
$functions = array_map(fn ($f) => $f->getName(), $ext->getFunctions());
$stubFunctions = array_values(array_filter(get_defined_functions()['user'], fn ($f) => str_starts_with($f, 'feeddatestub\\')));
same('functions', array_map('strtolower', array_keys($ext->getFunctions())),
     array_map(fn ($f) => str_replace('feeddatestub\\', 'feeddate\\', $f), $stubFunctions));
foreach ($stubFunctions as $f) {
    $name = str_replace('feeddatestub\\', 'feeddate\\', $f);
    same($name, params_of(new ReflectionFunction($name)), params_of(new ReflectionFunction($f)));
}
$constants = $ext->getConstants();
$stubConstants = [];
foreach (get_defined_constants(true)['user'] as $k => $v) if (str_starts_with($k, 'FeedDateStub\\')) $stubConstants[str_replace('FeedDateStub\\', 'FeedDate\\', $k)] = $v;
ksort($constants); ksort($stubConstants);
same('constants', $constants, $stubConstants);
echo count($stubClasses), " classes, ", count($stubFunctions), " functions, ", count($stubConstants), " constants\n";
echo $bad === 0 ? "ok\n" : "$bad differences\n";

// php --re feeddate lists every signature.
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$ini = ini_get('extension') ?: '';
$so = getenv('FEEDDATE_PHP_EXT');
$re = shell_exec(escapeshellarg($php) . ' -n -d extension=' . escapeshellarg($so) . ' --re feeddate 2>&1');
foreach (['Method [ <internal:feeddate> public method html ]', '<optional> ?int $maxEntries = null',
          'Function [ <internal:feeddate> function FeedDate\data_version ]',
          '- Return [ FeedDate\Schedule ]', 'Parameter #1 [ <optional> DateTimeInterface|int|float|null $now = null ]'] as $needle) {
    echo str_contains($re, $needle) ? "--re has: $needle\n" : "--re lacks: $needle\n$re\n";
}
?>
--EXPECT--
5 classes, 3 functions, 4 constants
ok
--re has: Method [ <internal:feeddate> public method html ]
--re has: <optional> ?int $maxEntries = null
--re has: Function [ <internal:feeddate> function FeedDate\data_version ]
--re has: - Return [ FeedDate\Schedule ]
--re has: Parameter #1 [ <optional> DateTimeInterface|int|float|null $now = null ]
