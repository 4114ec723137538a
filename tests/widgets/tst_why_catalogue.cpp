// Tests that every explanation the engine can give is in the app's translation catalogue and has a
// finished German translation: each template of sentenceTemplates() is listed in why_catalogue.cpp
// (so lupdate extracts it), and translations/streamstep_de.ts translates it, finished, keeping its
// %1… and %n placeholders and its "singular|plural" bar. The whole catalogue has no unfinished
// string. With the German translation loaded, the app says the engine's sentences in German, with
// the plural half chosen by the count and durations in German units.
#include "why_catalogue.h"

#include "streamstep/breakpoints.h"
#include "streamstep/quiz.h"
#include "streamstep/whatif.h"
#include "streamstep/why.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

#include <map>
#include <set>

using namespace streamstep;

namespace {

struct Translation {
    QString text;
    bool finished = false;
};

// The messages of translations/streamstep_de.ts, by context and source text.
std::map<std::pair<QString, QString>, Translation> readCatalogue(int *unfinished)
{
    std::map<std::pair<QString, QString>, Translation> out;
    QFile file(QStringLiteral(STREAMSTEP_SOURCE_DIR "/translations/streamstep_de.ts"));
    if (!file.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&file);
    QString context;
    QString source;
    *unfinished = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            Translation t;
            t.finished = type.isEmpty();
            *unfinished += type == QLatin1String("unfinished");
            // Numerus forms: the first one stands for the message here.
            QString text;
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) && !xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters())
                    text += xml.text();
            }
            t.text = text.trimmed();
            if (type != QLatin1String("obsolete") && type != QLatin1String("vanished"))
                out[{context, source}] = t;
        }
    }
    return out;
}

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("%[1-9n]"));
    QSet<QString> out;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        out.insert(it.next().captured());
    return out;
}

// Every sentence the engine can say: the Why texts and the quiz's own (streamstep/quiz.h).
const std::vector<std::string> &engineTemplates()
{
    static const std::vector<std::string> all = [] {
        std::vector<std::string> out = sentenceTemplates();
        out.insert(out.end(), quizSentenceTemplates().begin(), quizSentenceTemplates().end());
        out.insert(out.end(), whatIfSentenceTemplates().begin(), whatIfSentenceTemplates().end());
        out.insert(out.end(), breakpointSentenceTemplates().begin(), breakpointSentenceTemplates().end());
        return out;
    }();
    return all;
}

} // namespace

class TestWhyCatalogue : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyTemplateIsInTheCatalogue();
    void everyTemplateHasAFinishedGermanTranslation();
    void germanSentencesFillTheEnginesArguments();
    void durationsAreSaidInTheUsersLanguage();
};

void TestWhyCatalogue::everyTemplateIsInTheCatalogue()
{
    const QStringList catalogue = whyCatalogue();
    QStringList missing;
    for (const std::string &templ : engineTemplates())
        if (!catalogue.contains(QString::fromStdString(templ)))
            missing << QString::fromStdString(templ);
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("not in widgets/why_catalogue.cpp:\n") + missing.join(QLatin1Char('\n'))));
    // And nothing the engine no longer says.
    QStringList stale;
    for (const QString &templ : catalogue)
        if (std::find(engineTemplates().begin(), engineTemplates().end(), templ.toStdString()) == engineTemplates().end())
            stale << templ;
    QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("not an engine template:\n") + stale.join(QLatin1Char('\n'))));
}

void TestWhyCatalogue::everyTemplateHasAFinishedGermanTranslation()
{
    int unfinished = -1;
    const auto catalogue = readCatalogue(&unfinished);
    QVERIFY(!catalogue.empty());
    QCOMPARE(unfinished, 0);
    QStringList problems;
    for (const std::string &templ : engineTemplates()) {
        const QString source = QString::fromStdString(templ);
        const auto it = catalogue.find({QStringLiteral("Why"), source});
        if (it == catalogue.end()) {
            problems << QStringLiteral("missing: ") + source;
            continue;
        }
        const Translation &t = it->second;
        if (!t.finished || t.text.isEmpty() || t.text == source) {
            problems << QStringLiteral("not translated: ") + source;
            continue;
        }
        if (placeholders(t.text) != placeholders(source))
            problems << QStringLiteral("placeholders differ: ") + source + QStringLiteral(" → ") + t.text;
        if (source.count(QLatin1Char('|')) != t.text.count(QLatin1Char('|')))
            problems << QStringLiteral("singular|plural bar differs: ") + source + QStringLiteral(" → ") + t.text;
        if (source.contains(QLatin1Char('|'))) {
            for (const QString &half : t.text.split(QLatin1Char('|')))
                if (placeholders(half) != placeholders(source.section(QLatin1Char('|'), 0, 0)))
                    problems << QStringLiteral("a plural half lacks a placeholder: ") + t.text;
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestWhyCatalogue::germanSentencesFillTheEnginesArguments()
{
    const Sentence dropped{"dropped as late: its window %1 ends at or before the watermark %2 (= max event time %3 − %4, set "
                           "at the end of batch %5)",
                           {"[10:00, 10:05)", "10:07:30", "10:17:30", "10 minutes", "2"},
                           -1};
    const Sentence arrived{"%n row arrived.|%n rows arrived.", {}, 1};
    const Sentence arrivedMany{"%n row arrived.|%n rows arrived.", {}, 5};
    // Without a translation, the engine's own English.
    QCOMPARE(translatedSentence(dropped), QString::fromStdString(dropped.text()));
    QCOMPARE(translatedSentences({arrived, arrivedMany}), QStringLiteral("1 row arrived. 5 rows arrived."));

    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral(":/i18n/streamstep_de.qm")));
    QCoreApplication::installTranslator(&translator);
    const QString german = translatedSentence(dropped);
    QVERIFY2(german != QString::fromStdString(dropped.text()), qPrintable(german));
    for (const char *arg : {"[10:00, 10:05)", "10:07:30", "10:17:30", "10 Minuten"})
        QVERIFY2(german.contains(QLatin1String(arg)), qPrintable(german));
    QVERIFY2(!german.contains(QLatin1String("minutes")), qPrintable(german));
    QVERIFY(!german.contains(QLatin1Char('%')));
    const QString one = translatedSentence(arrived);
    const QString five = translatedSentence(arrivedMany);
    QVERIFY2(one.startsWith(QLatin1String("1 ")) && five.startsWith(QLatin1String("5 ")) && one != five && !one.contains(QLatin1Char('|')),
             qPrintable(one + QStringLiteral(" / ") + five));
    // Every template translates to a different text with all its arguments in it.
    for (const std::string &templ : sentenceTemplates()) {
        std::vector<std::string> args;
        for (int i = 1; i <= 5; ++i)
            args.push_back("<" + std::to_string(i) + ">");
        const Sentence s{templ, args, 2};
        const QString text = translatedSentence(s);
        QVERIFY2(text != QString::fromStdString(s.text()), qPrintable(text));
        QVERIFY2(!text.contains(QLatin1Char('%')) && !text.contains(QLatin1Char('|')), qPrintable(text));
        for (const QString &p : placeholders(QString::fromStdString(templ)))
            if (p != QLatin1String("%n"))
                QVERIFY2(text.contains(QStringLiteral("<%1>").arg(p.mid(1))), qPrintable(text));
    }
    QCoreApplication::removeTranslator(&translator);
}

void TestWhyCatalogue::durationsAreSaidInTheUsersLanguage()
{
    QCOMPARE(translatedDuration(QStringLiteral("10 minutes")), QStringLiteral("10 minutes"));
    QCOMPARE(translatedDuration(QStringLiteral("1 hour 30 minutes")), QStringLiteral("1 hour 30 minutes"));
    QCOMPARE(translatedDuration(QStringLiteral("[10:00, 10:05)")), QStringLiteral("[10:00, 10:05)"));
    QCOMPARE(translatedDuration(QStringLiteral("amount = 5 minutes")), QStringLiteral("amount = 5 minutes"));
    QCOMPARE(QString::fromStdString(durationText(90 * 60'000)), QStringLiteral("1 hour 30 minutes"));
    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral(":/i18n/streamstep_de.qm")));
    QCoreApplication::installTranslator(&translator);
    QCOMPARE(translatedDuration(QStringLiteral("10 minutes")), QStringLiteral("10 Minuten"));
    QCOMPARE(translatedDuration(QStringLiteral("1 hour 30 minutes")), QStringLiteral("1 Stunde 30 Minuten"));
    QCOMPARE(translatedDuration(QStringLiteral("1 second")), QStringLiteral("1 Sekunde"));
    QCOMPARE(translatedDuration(QStringLiteral("0 seconds")), QStringLiteral("0 Sekunden"));
    QCOMPARE(translatedDuration(QStringLiteral("500 milliseconds")), QStringLiteral("500 Millisekunden"));
    QCOMPARE(translatedDuration(QStringLiteral("2 days")), QStringLiteral("2 Tage"));
    QCoreApplication::removeTranslator(&translator);
}

QTEST_MAIN(TestWhyCatalogue)
#include "tst_why_catalogue.moc"
