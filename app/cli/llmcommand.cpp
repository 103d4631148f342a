#include "llmcommand.h"

#include "io/filereader.h"
#include "llm/llmbatch.h"
#include "llm/llmclient.h"
#include "llm/llmkeychain.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "llm/llmwait.h"
#include "project/project.h"

#include <QElapsedTimer>
#include <QEventLoop>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sys/resource.h>

namespace assay {

namespace {
double cpuMilliseconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000.0 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000.0;
}
} // namespace

int LlmCommand::run(const QStringList &args, CliIo &io)
{
    const QString action = args.value(0);
    if (action == QLatin1String("profile"))
        return profile(args.mid(1), io);
    if (action == QLatin1String("ping"))
        return ping(args.mid(1), io);
    if (action == QLatin1String("bench"))
        return bench(args.mid(1), io);
    if (action == QLatin1String("batch"))
        return batch(args.mid(1), io);
    QCommandLineParser parser;
    // With no option at all, Qt sizes the name column to nothing and prints the name one
    // letter per line: the help option gives the column its width.
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("profile|ping|bench|batch"),
                                 QStringLiteral("The action: profile add|list|remove, ping, bench, batch export|import. "
                                                "Run 'assay-cli llm ACTION --help' for its options."));
    if (action == QLatin1String("--help") || action == QLatin1String("-h")) {
        io.out << helpText(parser);
        return ExitOk;
    }
    return usageError(parser, io, action.isEmpty() ? QStringLiteral("missing action") : QStringLiteral("unknown action '%1'").arg(action));
}

int LlmCommand::profile(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("add|list|remove"), QStringLiteral("What to do."));
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The profile (add, remove)."));
    const QCommandLineOption base(QStringLiteral("base-url"), QStringLiteral("OpenAI-compatible base URL ending in /v1."), QStringLiteral("URL"));
    const QCommandLineOption model(QStringLiteral("model"), QStringLiteral("Model name."), QStringLiteral("M"));
    const QCommandLineOption keyEnv(QStringLiteral("key-env"), QStringLiteral("Environment variable holding the API key."), QStringLiteral("VAR"), QStringLiteral("OPENAI_API_KEY"));
    const QCommandLineOption concurrency(QStringLiteral("concurrency"), QStringLiteral("Requests in flight at most (8)."), QStringLiteral("N"), QStringLiteral("8"));
    const QCommandLineOption rpm(QStringLiteral("rpm"), QStringLiteral("Requests per minute, 0 = no limit."), QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption tpm(QStringLiteral("tpm"), QStringLiteral("Tokens per minute, 0 = no limit."), QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption timeout(QStringLiteral("timeout"), QStringLiteral("Seconds for a whole request, long generations included (120)."), QStringLiteral("S"), QStringLiteral("120"));
    const QCommandLineOption connectTimeout(QStringLiteral("connect-timeout"), QStringLiteral("Seconds to open a connection (10)."), QStringLiteral("S"), QStringLiteral("10"));
    const QCommandLineOption firstByteTimeout(QStringLiteral("first-byte-timeout"), QStringLiteral("Seconds from the request sent to the first byte of the answer (25)."),
                                              QStringLiteral("S"), QStringLiteral("25"));
    const QCommandLineOption breaker(QStringLiteral("breaker"), QStringLiteral("Failed attempts the breaker needs before it opens, within its window (3)."),
                                     QStringLiteral("N"), QStringLiteral("3"));
    const QCommandLineOption breakerWindow(QStringLiteral("breaker-window"),
                                           QStringLiteral("Seconds of nothing but failures (timeouts, refused connections, 5xx) after which the profile's queued requests fail at once (20)."),
                                           QStringLiteral("S"), QStringLiteral("20"));
    const QCommandLineOption rateLimitStop(QStringLiteral("rate-limit-stop"), QStringLiteral("Seconds of nothing but HTTP 429 without Retry-After after which the work stops (60)."),
                                           QStringLiteral("S"), QStringLiteral("60"));
    const QCommandLineOption maxReply(QStringLiteral("max-reply-kb"), QStringLiteral("The largest reply accepted, in kB; a larger one is an error, never stored (256)."),
                                      QStringLiteral("K"), QStringLiteral("256"));
    const QCommandLineOption retries(QStringLiteral("retries"), QStringLiteral("Retries of transient failures (6)."), QStringLiteral("N"), QStringLiteral("6"));
    const QCommandLineOption priceIn(QStringLiteral("price-in"), QStringLiteral("Price per million input tokens."), QStringLiteral("USD"), QStringLiteral("0"));
    const QCommandLineOption priceOut(QStringLiteral("price-out"), QStringLiteral("Price per million output tokens."), QStringLiteral("USD"), QStringLiteral("0"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("list: machine-readable JSON."));
    const QCommandLineOption keychain(QStringLiteral("keychain"), QStringLiteral("Keep the key in the OS keychain; it is read from standard input."));
    const QCommandLineOption judgeTemperature(QStringLiteral("judge-temperature"), QStringLiteral("Temperature of repeated judge verdicts (score --repeat; 0)."),
                                              QStringLiteral("T"), QStringLiteral("0"));
    parser.addOptions({base, model, keyEnv, concurrency, rpm, tpm, timeout, connectTimeout, firstByteTimeout, breaker, breakerWindow, rateLimitStop, maxReply, retries,
                       priceIn, priceOut, judgeTemperature, json, keychain});
    if (!parse(parser, args, io, 1, 2))
        return stopped(parser);
    const QString what = parser.positionalArguments().at(0);
    if (what == QLatin1String("list")) {
        nlohmann::json out = nlohmann::json::array();
        for (const LlmProfile &p : LlmProfileStore::all()) {
            const QString key = p.apiKey();
            out.push_back({{"name", p.name.toStdString()}, {"base_url", p.baseUrl.toStdString()}, {"model", p.model.toStdString()},
                           {"key_env", p.keyEnv.toStdString()}, {"key", LlmProfile::maskedKey(key).toStdString()}, {"concurrency", p.concurrency},
                           {"requests_per_minute", p.requestsPerMinute}, {"tokens_per_minute", p.tokensPerMinute},
                           {"timeout_s", p.timeoutMs / 1000.0}, {"connect_timeout_s", p.connectTimeoutMs / 1000.0},
                           {"first_byte_timeout_s", p.firstByteTimeoutMs / 1000.0}, {"breaker_threshold", p.breakerThreshold},
                           {"breaker_window_s", p.breakerWindowMs / 1000.0}, {"rate_limit_stop_s", p.rateLimitStopMs / 1000.0},
                           {"max_reply_kb", p.maxReplyBytes / 1024}, {"max_retries", p.maxRetries},
                           {"price_in", p.pricePerMillionInput}, {"price_out", p.pricePerMillionOutput},
                           {"judge_temperature", p.judgeTemperature}});
        }
        if (parser.isSet(json))
            io.out << QString::fromStdString(out.dump(2)) << '\n';
        else
            for (const auto &p : out)
                io.out << QString::fromStdString(p["name"].get<std::string>()) << "  " << QString::fromStdString(p["model"].get<std::string>())
                       << " at " << QString::fromStdString(p["base_url"].get<std::string>()) << "  key " << QString::fromStdString(p["key"].get<std::string>()) << '\n';
        return ExitOk;
    }
    if (parser.positionalArguments().size() < 2)
        return usageError(parser, io, QStringLiteral("missing profile name"));
    const QString name = parser.positionalArguments().at(1);
    if (what == QLatin1String("remove")) {
        if (auto s = LlmProfileStore::remove(name); !s)
            return fail(io, s.error());
        return ExitOk;
    }
    if (what != QLatin1String("add"))
        return usageError(parser, io, QStringLiteral("unknown profile action '%1'").arg(what));
    LlmProfile p;
    p.name = name;
    p.baseUrl = parser.value(base);
    p.model = parser.value(model);
    p.keyEnv = parser.value(keyEnv);
    p.concurrency = parser.value(concurrency).toInt();
    p.requestsPerMinute = parser.value(rpm).toInt();
    p.tokensPerMinute = parser.value(tpm).toInt();
    p.timeoutMs = int(parser.value(timeout).toDouble() * 1000);
    p.connectTimeoutMs = int(parser.value(connectTimeout).toDouble() * 1000);
    p.firstByteTimeoutMs = int(parser.value(firstByteTimeout).toDouble() * 1000);
    p.breakerThreshold = parser.value(breaker).toInt();
    p.breakerWindowMs = int(parser.value(breakerWindow).toDouble() * 1000);
    p.rateLimitStopMs = int(parser.value(rateLimitStop).toDouble() * 1000);
    p.maxReplyBytes = parser.value(maxReply).toInt() * 1024;
    p.maxRetries = parser.value(retries).toInt();
    p.pricePerMillionInput = parser.value(priceIn).toDouble();
    p.pricePerMillionOutput = parser.value(priceOut).toDouble();
    p.judgeTemperature = parser.value(judgeTemperature).toDouble();
    p.keyInKeychain = parser.isSet(keychain);
    if (auto s = p.validate(); !s)
        return fail(io, s.error());
    if (p.keyInKeychain) {
        QTextStream in(stdin);
        const QString key = in.readLine().trimmed();
        if (key.isEmpty())
            return fail(io, QStringLiteral("--keychain: give the key on standard input"));
        Status stored;
        QEventLoop loop;
        LlmKeychain::write(name, key, [&](Status s) {
            stored = s;
            loop.quit();
        });
        loop.exec();
        if (!stored)
            return fail(io, stored.error()); // no profile without its key
        if (auto s = LlmProfileStore::save(p); !s)
            return fail(io, s.error());
        io.err << "Saved profile " << name << " (key " << LlmProfile::maskedKey(key) << " in the OS keychain)\n";
        return ExitOk;
    }
    if (auto s = LlmProfileStore::save(p); !s)
        return fail(io, s.error());
    io.err << "Saved profile " << name << " (key from $" << p.keyEnv << ": " << LlmProfile::maskedKey(p.apiKey()) << ")\n";
    return ExitOk;
}

int LlmCommand::ping(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The profile."));
    if (!parse(parser, args, io, 1, 1))
        return stopped(parser);
    auto profile = LlmProfileStore::find(parser.positionalArguments().constFirst());
    if (!profile)
        return fail(io, profile.error());
    LlmProfile p = profile.value();
    p.maxRetries = 0; // a ping reports the first answer as it is
    LlmClient client(p);
    LlmResult result;
    if (auto s = LlmWait::until([&](const LlmWait::Done &done) {
            client.send(LlmClient::chat({}, QStringLiteral("Reply with the word pong."), 0, 5), [&result, done](const LlmResult &r) {
                result = r;
                done();
            });
        });
        !s)
        return fail(io, s.error());
    if (!result.ok)
        return fail(io, QStringLiteral("%1 (%2) after %3 ms").arg(result.error, result.errorClass).arg(result.latencyMs));
    io.out << QStringLiteral("%1 answered in %2 ms: %3\n").arg(p.name).arg(result.latencyMs).arg(result.content().trimmed());
    return ExitOk;
}

int LlmCommand::bench(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The profile."));
    const QCommandLineOption requests(QStringLiteral("requests"), QStringLiteral("How many requests (1000)."), QStringLiteral("N"), QStringLiteral("1000"));
    const QCommandLineOption concurrency(QStringLiteral("concurrency"), QStringLiteral("In flight at most (the profile's)."), QStringLiteral("C"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Machine-readable JSON."));
    parser.addOptions({requests, concurrency, json});
    if (!parse(parser, args, io, 1, 1))
        return stopped(parser);
    auto profile = LlmProfileStore::find(parser.positionalArguments().constFirst());
    if (!profile)
        return fail(io, profile.error());
    LlmProfile p = profile.value();
    if (parser.isSet(concurrency))
        p.concurrency = parser.value(concurrency).toInt();
    const int n = parser.value(requests).toInt();
    if (n < 1 || p.concurrency < 1)
        return usageError(parser, io, QStringLiteral("--requests and --concurrency take whole numbers ≥ 1"));
    LlmClient client(p);
    QVector<qint64> latencies;
    latencies.reserve(n);
    int failed = 0;
    const double cpuBefore = cpuMilliseconds();
    QElapsedTimer clock;
    clock.start();
    if (auto s = LlmWait::until([&](const LlmWait::Done &done) {
            for (int i = 0; i < n; ++i)
                client.send(LlmClient::chat({}, QStringLiteral("bench %1").arg(i), 0, 8), [&latencies, &failed, done, n](const LlmResult &r) {
                    latencies << r.latencyMs;
                    failed += !r.ok;
                    if (latencies.size() == n)
                        done();
                });
        });
        !s)
        return fail(io, s.error());
    const double seconds = clock.nsecsElapsed() / 1e9;
    const double cpuPerRequest = (cpuMilliseconds() - cpuBefore) / n;
    std::sort(latencies.begin(), latencies.end());
    const auto percentile = [&](double q) { return latencies[std::min<qsizetype>(latencies.size() - 1, qsizetype(q * latencies.size()))]; };
    const nlohmann::json out{{"requests", n}, {"failed", failed}, {"concurrency", p.concurrency}, {"seconds", seconds},
                             {"requests_per_second", n / seconds}, {"p50_ms", percentile(0.5)}, {"p99_ms", percentile(0.99)},
                             {"client_cpu_ms_per_request", cpuPerRequest}};
    if (parser.isSet(json))
        io.out << QString::fromStdString(out.dump(2)) << '\n';
    else
        io.out << QStringLiteral("%1 requests in %2 s: %3 req/s, p50 %4 ms, p99 %5 ms, client CPU %6 ms/request, %7 failed\n")
                      .arg(n).arg(seconds, 0, 'f', 2).arg(n / seconds, 0, 'f', 0).arg(percentile(0.5)).arg(percentile(0.99))
                      .arg(cpuPerRequest, 0, 'f', 3).arg(failed);
    return failed ? ExitFailure : ExitOk;
}

int LlmCommand::batch(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("export|import"), QStringLiteral("What to do."));
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The profile."));
    const QCommandLineOption prompts(QStringLiteral("prompts"), QStringLiteral("export: JSONL of {\"id\", \"system\", \"user\"}."), QStringLiteral("FILE"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("export: the Batch-API request JSONL to write."), QStringLiteral("FILE"));
    const QCommandLineOption requests(QStringLiteral("requests"), QStringLiteral("import: the request JSONL that was submitted."), QStringLiteral("FILE"));
    const QCommandLineOption results(QStringLiteral("results"), QStringLiteral("import: the provider's output JSONL."), QStringLiteral("FILE"));
    const QCommandLineOption project(QStringLiteral("project"), QStringLiteral("import: the project whose cache receives the answers."), QStringLiteral("FILE.assay"));
    parser.addOptions({prompts, out, requests, results, project});
    if (!parse(parser, args, io, 2, 2))
        return stopped(parser);
    auto profile = LlmProfileStore::find(parser.positionalArguments().at(1));
    if (!profile)
        return fail(io, profile.error());
    if (parser.positionalArguments().at(0) == QLatin1String("export")) {
        if (!parser.isSet(prompts) || !parser.isSet(out))
            return usageError(parser, io, QStringLiteral("export needs --prompts and --out"));
        auto bytes = FileReader::readAll(parser.value(prompts));
        if (!bytes)
            return fail(io, bytes.error());
        QVector<LlmBatch::Item> items;
        int line = 0;
        for (const QByteArray &l : bytes.value().split('\n')) {
            ++line;
            if (l.trimmed().isEmpty())
                continue;
            const auto j = nlohmann::json::parse(l.toStdString(), nullptr, false);
            if (!j.is_object() || !j.contains("id") || !j.contains("user"))
                return fail(io, QStringLiteral("%1:%2: expected {\"id\", \"system\", \"user\"}").arg(parser.value(prompts)).arg(line));
            items.append({QString::fromStdString(j["id"].is_string() ? j["id"].get<std::string>() : j["id"].dump()),
                          LlmClient::chat(QString::fromStdString(j.value("system", std::string())), QString::fromStdString(j["user"].get<std::string>()))});
        }
        if (auto s = LlmBatch::writeRequests(parser.value(out), items, profile.value()); !s)
            return fail(io, s.error());
        io.err << "Wrote " << items.size() << " requests to " << parser.value(out) << '\n';
        return ExitOk;
    }
    if (!parser.isSet(requests) || !parser.isSet(results) || !parser.isSet(project))
        return usageError(parser, io, QStringLiteral("import needs --requests, --results and --project"));
    auto p = openProject(parser.value(project), io);
    if (!p)
        return ExitFailure;
    LlmStore store(p->database());
    auto n = LlmBatch::ingestResults(parser.value(requests), parser.value(results), store, profile.value());
    if (!n)
        return fail(io, n.error());
    io.out << "Cached " << n.value() << " answers\n";
    return ExitOk;
}

} // namespace assay
