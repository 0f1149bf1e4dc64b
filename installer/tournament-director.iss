; Inno Setup script: a Windows setup program for Tournament Director.
;
; On Windows, after the PyInstaller command at the top of tournament-director.spec has built
; dist\TournamentDirector\, compile this script with Inno Setup 6 (https://jrsoftware.org/isinfo.php):
;
;     iscc installer\tournament-director.iss
;
; The result is dist\TournamentDirector-<version>-setup.exe. It installs the bundle folder under Program Files
; (or the user's own programs folder when not run as administrator), adds a Start-menu folder with the program
; and its uninstaller, optionally a desktop shortcut, and registers the uninstaller in "Apps & features".
; The version comes from the built TournamentDirector.exe (the spec writes tournament_director.__version__
; into its version resource); `iscc /DAppVersion=1.2.3 ...` overrides it.
; Uninstalling removes the program only: tournament databases and backups live in the user's data folder
; (%LOCALAPPDATA%\TournamentDirector) and are kept, so a reinstall finds the running tournament again.

#define AppName "Tournament Director"
#define AppExeName "TournamentDirector.exe"
#define BundleDir "..\dist\TournamentDirector"
#ifndef AppVersion
  #define AppVersion GetVersionNumbersString(AddBackslash(SourcePath) + BundleDir + "\" + AppExeName)
#endif

[Setup]
; AppId identifies the program to Windows across versions (upgrades replace, not duplicate). Never change it.
AppId={{ADDC30DC-5F97-4BC6-AC85-25D754B88F89}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Tournament Director
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
AllowNoIcons=yes
PrivilegesRequired=admin
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\dist
OutputBaseFilename=TournamentDirector-{#AppVersion}-setup
SetupIconFile=tournament-director.ico
UninstallDisplayIcon={app}\{#AppExeName}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; Close a running Tournament Director before replacing its files, and say so.
CloseApplications=yes
RestartApplications=no

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; A new version may drop files of the old one; clear the bundle's library folder so none linger.
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExeName}"; WorkingDir: "{app}"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExeName}"; WorkingDir: "{app}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExeName}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
